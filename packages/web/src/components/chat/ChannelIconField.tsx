/**
 * The channel icon as a styled control (R-CONV-8): a preview of the chosen image (or the current icon, or a
 * placeholder), a button that opens the file chooser, and Remove for a chosen file. The file
 * input itself stays in the page (visually hidden) so keyboard, screen readers and the browser's
 * own chooser work as they do for any file field.
 */
import { Hash } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useMediaUrl } from '../../stores/media-ticket.ts';

interface Props {
  label: string;
  icon: File | null;
  onIconChange: (icon: File | null) => void;
  /** The icon the channel has now (settings), shown until another is chosen. */
  currentIcon?: string | null;
}

/** An object URL for the chosen file, revoked when the file changes or the field goes. */
function useFilePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

export function ChannelIconField({ label, icon, onIconChange, currentIcon = null }: Props) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const chosen = useFilePreview(icon);
  const current = useMediaUrl(currentIcon);
  const preview = chosen ?? current;

  const clear = () => {
    onIconChange(null);
    if (input.current) input.current.value = '';
  };

  return (
    <div>
      <span className="block text-sm font-medium text-slate-800" id={`${inputId}-label`}>
        {label}
      </span>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        {preview ? (
          <img
            src={preview}
            alt={icon ? 'Preview of the chosen icon' : 'Current icon'}
            className="h-12 w-12 shrink-0 rounded-lg border border-slate-200 object-cover"
            data-testid="channel-icon-preview"
          />
        ) : (
          <span
            className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 text-slate-400"
            data-testid="channel-icon-placeholder"
          >
            <Hash className="h-5 w-5" aria-hidden="true" />
          </span>
        )}
        <label
          htmlFor={inputId}
          className="cursor-pointer rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-brand-600"
        >
          {preview ? 'Replace image' : 'Choose image'}
          <input
            ref={input}
            id={inputId}
            className="sr-only"
            type="file"
            accept="image/*"
            aria-labelledby={`${inputId}-label`}
            onChange={(e) => onIconChange(e.target.files?.[0] ?? null)}
          />
        </label>
        {icon && (
          <>
            <span className="min-w-0 max-w-full truncate text-xs text-slate-500">{icon.name}</span>
            <button
              type="button"
              className="rounded px-2 py-1 text-sm text-red-700 hover:bg-red-50 focus:outline-none focus:ring-2 focus:ring-brand-600"
              onClick={clear}
            >
              Remove
            </button>
          </>
        )}
      </div>
    </div>
  );
}
