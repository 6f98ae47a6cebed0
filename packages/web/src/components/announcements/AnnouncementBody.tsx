/** An announcement's markdown, through the app's one safe renderer (no raw HTML, safe links only). */
import { useMarkdown } from '../chat/use-markdown.ts';

export function AnnouncementBody({ source }: { source: string }) {
  const html = useMarkdown(source);
  return (
    <div
      className="break-words text-sm leading-6 text-slate-700 [&_a]:text-brand-700 [&_a]:underline [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_p+p]:mt-2 [&_pre]:overflow-x-auto [&_ul]:list-disc [&_ul]:pl-5 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-3"
      // Sanitised by services/chat/markdown.ts.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
