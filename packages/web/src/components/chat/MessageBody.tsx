/** Message text as safe markdown, and its attachment (image thumbnail or a download chip). */
import { FileText } from 'lucide-react';
import type { Message } from '@stoop/shared';
import { useMarkdown } from './use-markdown.ts';
import { useUsersStore } from '../../stores/users.ts';
import { formatBytes } from './chat-hooks.ts';

interface MessageTextProps {
  content: string;
  /** Ids from metadata.mentionedUsers; their names are highlighted whole. */
  mentionedUserIds?: readonly string[];
}

export function MessageText({ content, mentionedUserIds = [] }: MessageTextProps) {
  const users = useUsersStore((s) => s.byId);
  const names = mentionedUserIds.map((id) => users[id]?.username).filter((n): n is string => n !== undefined);
  const html = useMarkdown(content, names);
  if (!content) return null;
  return (
    <div
      className="prose-chat break-words text-sm leading-6 text-slate-800 [&_a]:text-brand-700 [&_a]:underline [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-slate-100 [&_pre]:p-2 [&_ul]:list-disc [&_ul]:pl-5 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-3 [&_.mention]:rounded [&_.mention]:bg-brand-50 [&_.mention]:px-0.5 [&_.mention]:font-semibold [&_.mention]:text-brand-800"
      // Sanitised by services/chat/markdown.ts (no raw HTML, safe links only).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

export function Attachment({ message }: { message: Message }) {
  if (!message.fileName) return null;
  const isImage = message.fileType?.startsWith('image/') === true;
  if (!message.fileUrl) {
    return (
      <p className="mt-1 inline-flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-600">
        <FileText className="h-4 w-4" aria-hidden="true" /> {message.fileName}
      </p>
    );
  }
  if (isImage) {
    return (
      <a
        href={message.fileUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-1 block w-fit"
        aria-label={`Open image ${message.fileName}`}
      >
        <img
          src={message.thumbnailUrl ?? message.fileUrl}
          alt={message.fileName}
          loading="lazy"
          className="max-h-60 max-w-[min(18rem,100%)] rounded-lg border border-slate-200 object-cover"
        />
      </a>
    );
  }
  return (
    <a
      href={message.fileUrl}
      download={message.fileName}
      className="mt-1 inline-flex max-w-full items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800 hover:bg-slate-50"
    >
      <FileText className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
      <span className="truncate">{message.fileName}</span>
      <span className="shrink-0 text-xs text-slate-500">{formatBytes(message.fileSize)}</span>
    </a>
  );
}
