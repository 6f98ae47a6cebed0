/** Message text as safe markdown, and its attachment (image thumbnail or a download chip). */
import { FileText } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type MouseEvent } from 'react';
import type { Message } from '@stoop/shared';
import { useMarkdown } from './use-markdown.ts';
import { useUsersStore } from '../../stores/users.ts';
import { formatBytes } from './chat-hooks.ts';
import { useMediaUrl } from '../../stores/media-ticket.ts';
import { useObjectUrl } from './use-object-url.ts';

interface MessageTextProps {
  content: string;
  /** Ids from metadata.mentionedUsers; their names are highlighted whole. */
  mentionedUserIds?: readonly string[];
}

export function MessageText({ content, mentionedUserIds = [] }: MessageTextProps) {
  const users = useUsersStore((s) => s.byId);
  const names = mentionedUserIds.map((id) => users[id]?.username).filter((n): n is string => n !== undefined);
  const element = useRef<HTMLDivElement>(null);
  const html = useMarkdown(content, names, element);
  if (!content) return null;
  return (
    <div
      ref={element}
      className="prose-chat break-words text-sm leading-6 text-slate-800 [&_a]:text-brand-700 [&_a]:underline [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-slate-100 [&_pre]:p-2 [&_ul]:list-disc [&_ul]:pl-5 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-3 [&_.mention]:rounded [&_.mention]:bg-brand-50 [&_.mention]:px-0.5 [&_.mention]:font-semibold [&_.mention]:text-brand-800"
      // Sanitised by services/chat/markdown.ts (no raw HTML, safe links only).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

// The image viewer loads when a resident first opens an image.
const ImageViewer = lazy(async () => ({ default: (await import('./ImageViewer.tsx')).ImageViewer }));

/** A plain click opens the viewer; a click with a modifier keeps the browser's own (a new tab). */
const opensViewer = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The thumbnail's size from the server, so the image takes its space before it loads and
 * the rows below it never move (nor does the view that opened at the newest message).
 */
function reservedSize(message: Message): {
  width?: number;
  height?: number;
  style?: { aspectRatio: string };
} {
  const { thumbnailWidth: width, thumbnailHeight: height } = message;
  if (!message.thumbnailUrl || !width || !height) return {};
  return { width, height, style: { aspectRatio: `${width} / ${height}` } };
}

/**
 * R-UPLOAD-11: an image still on its way shows itself from the resident's own file (an object URL),
 * as the composer did, instead of a bare file chip.
 */
function PendingImage({ file, name }: { file: Blob; name: string }) {
  const url = useObjectUrl(file);
  return url ? (
    <img
      src={url}
      alt={name}
      data-testid="pending-image"
      className="mt-1 block h-auto max-h-60 max-w-[min(18rem,100%)] rounded-lg border border-slate-200 object-cover opacity-80"
    />
  ) : (
    <span className="mt-1 block h-24 w-32 rounded-lg bg-slate-100" aria-hidden="true" />
  );
}

interface AttachmentProps {
  message: Message;
  /** The file of a send still in the outbox (not yet on the server). */
  pendingFile?: Blob | null | undefined;
}

export function Attachment({ message, pendingFile = null }: AttachmentProps) {
  const fileUrl = useMediaUrl(message.fileUrl);
  const imageUrl = useMediaUrl(message.thumbnailUrl ?? message.fileUrl);
  const [viewing, setViewing] = useState(false);
  if (!message.fileName) return null;
  const isImage = message.fileType?.startsWith('image/') === true;
  if (!message.fileUrl) {
    if (isImage && pendingFile) return <PendingImage file={pendingFile} name={message.fileName} />;
    return (
      <p className="mt-1 inline-flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-600">
        <FileText className="h-4 w-4" aria-hidden="true" /> {message.fileName}
      </p>
    );
  }
  if (isImage) {
    return (
      <>
        <a
          href={fileUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-1 block w-fit"
          aria-label={`Open image ${message.fileName}`}
          onClick={(event) => {
            if (!opensViewer(event)) return;
            event.preventDefault();
            setViewing(true);
          }}
        >
          <img
            src={imageUrl}
            alt={message.fileName}
            loading="lazy"
            {...reservedSize(message)}
            className="h-auto max-h-60 max-w-[min(18rem,100%)] rounded-lg border border-slate-200 object-cover"
          />
        </a>
        {/* Beside the link, not in it: the viewer's own clicks must not reach the link. */}
        {viewing ? (
          <Suspense fallback={null}>
            <ImageViewer message={message} onClose={() => setViewing(false)} />
          </Suspense>
        ) : null}
      </>
    );
  }
  return (
    <a
      href={fileUrl}
      download={message.fileName}
      className="mt-1 inline-flex max-w-full items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800 hover:bg-slate-50"
    >
      <FileText className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
      <span className="truncate">{message.fileName}</span>
      <span className="shrink-0 text-xs text-slate-500">{formatBytes(message.fileSize)}</span>
    </a>
  );
}
