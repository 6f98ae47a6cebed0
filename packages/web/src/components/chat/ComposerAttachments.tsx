/**
 * The files waiting in the composer, each with a preview (a thumbnail for an image,
 * the name and size for anything else), a Replace and a Remove button.
 */
import { FileText, RefreshCw, X } from 'lucide-react';
import { useRef } from 'react';
import type { ComposerFiles } from './use-composer-files.ts';
import { formatBytes } from './chat-hooks.ts';
import { useObjectUrl } from './use-object-url.ts';

const isImage = (file: File) => file.type.startsWith('image/');

function Preview({ file }: { file: File }) {
  if (!isImage(file)) {
    return (
      <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-md bg-white text-slate-500">
        <FileText className="h-6 w-6" aria-hidden="true" />
      </span>
    );
  }
  return <ImagePreview file={file} />;
}

function ImagePreview({ file }: { file: File }) {
  const url = useObjectUrl(file);
  return url ? (
    <img src={url} alt={`Preview of ${file.name}`} className="h-16 w-16 shrink-0 rounded-md object-cover" />
  ) : (
    <span className="h-16 w-16 shrink-0 rounded-md bg-slate-200" aria-hidden="true" />
  );
}

export function ComposerAttachments({ files, remove, replace }: ComposerFiles) {
  const replaceInput = useRef<HTMLInputElement>(null);
  const replacing = useRef(0);
  if (files.length === 0) return null;
  return (
    <>
      <input
        ref={replaceInput}
        type="file"
        className="hidden"
        aria-hidden="true"
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) replace(replacing.current, file);
          e.target.value = '';
        }}
      />
      <ul aria-label="Files to send" className="mb-2 flex max-w-full gap-2 overflow-x-auto pb-1">
        {files.map((file, index) => (
          <li
            // Files have no id; name and place tell them apart for as long as the tray is open.
            key={`${index}-${file.name}-${file.size}`}
            className="flex w-56 max-w-[80vw] shrink-0 items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 p-1.5 text-xs text-slate-700"
            data-testid="composer-file"
          >
            <Preview file={file} />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-slate-800" title={file.name}>
                {file.name}
              </p>
              <p className="text-slate-500">{formatBytes(file.size)}</p>
              <div className="mt-1 flex gap-1">
                <button
                  type="button"
                  className="inline-flex min-h-7 items-center gap-1 rounded px-1.5 hover:bg-slate-200"
                  aria-label={`Replace ${file.name}`}
                  onClick={() => {
                    replacing.current = index;
                    replaceInput.current?.click();
                  }}
                >
                  <RefreshCw className="h-3 w-3" aria-hidden="true" /> Replace
                </button>
                <button
                  type="button"
                  className="inline-flex min-h-7 items-center gap-1 rounded px-1.5 hover:bg-slate-200"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => remove(index)}
                >
                  <X className="h-3 w-3" aria-hidden="true" /> Remove
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
