/**
 * R-PREVIEW-6: the card of a message's first link under its text: the server's stored thumbnail (its
 * space reserved from its size, so the list never moves when it draws), the site, the title as a
 * link to the page and the description. The author's own card has a ✕ that removes it.
 */
import { X } from 'lucide-react';
import { useState } from 'react';
import { linkPreviewThumbnailBox, type LinkPreview } from '@stoop/shared';
import { removeLinkPreview } from '../../stores/link-previews.ts';

interface Props {
  messageId: string;
  preview: LinkPreview;
  mine: boolean;
}

export function LinkPreviewCard({ messageId, preview, mine }: Props) {
  const [removing, setRemoving] = useState(false);
  const box = linkPreviewThumbnailBox(preview);
  return (
    <div
      className="mt-1 flex w-full max-w-md min-w-0 gap-3 rounded-lg border border-slate-200 border-l-4 border-l-brand-600 bg-slate-50 p-2"
      data-testid="link-preview"
    >
      {box && preview.image ? (
        <img
          src={preview.image}
          alt=""
          width={box.width}
          height={box.height}
          style={{ width: box.width, height: box.height }}
          className="shrink-0 rounded object-cover"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        {preview.siteName ? (
          <p className="truncate text-xs font-medium uppercase tracking-wide text-slate-500">
            {preview.siteName}
          </p>
        ) : null}
        <a
          href={preview.canonicalUrl}
          target="_blank"
          rel="noopener noreferrer nofollow"
          referrerPolicy="no-referrer"
          className="line-clamp-2 break-words text-sm font-semibold text-brand-800 hover:underline"
        >
          {preview.title}
        </a>
        {preview.description ? (
          <p className="line-clamp-2 break-words text-xs text-slate-600">{preview.description}</p>
        ) : null}
      </div>
      {mine ? (
        <button
          type="button"
          className="-m-1 inline-flex h-8 w-8 shrink-0 items-center justify-center rounded text-slate-500 hover:bg-slate-200 hover:text-slate-800 disabled:opacity-50"
          aria-label="Remove link preview"
          title="Remove link preview"
          disabled={removing}
          onClick={() => {
            setRemoving(true);
            void removeLinkPreview(messageId).finally(() => setRemoving(false));
          }}
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
