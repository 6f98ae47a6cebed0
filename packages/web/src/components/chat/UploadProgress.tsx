/**
 * The progress bar of a message's attachment upload, with the Cancel button beside it while the
 * upload can still be stopped.
 */
import { X } from 'lucide-react';

interface Props {
  /** 0..1 of the file's bytes sent. */
  progress: number;
  /** Stops the upload; null once it can no longer be stopped (every byte is out). */
  onCancel: (() => void) | null;
}

export function UploadProgress({ progress, onCancel }: Props) {
  const percent = Math.round(progress * 100);
  return (
    <div className="mt-1 flex items-center gap-2">
      <div
        className="h-1.5 w-full max-w-48 overflow-hidden rounded bg-slate-200"
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {onCancel ? (
        <button
          type="button"
          className="inline-flex min-h-8 shrink-0 items-center gap-1 rounded-md px-2 py-1 text-xs text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          aria-label="Cancel upload"
          onClick={onCancel}
        >
          <X className="h-3.5 w-3.5" aria-hidden="true" /> Cancel
        </button>
      ) : null}
    </div>
  );
}
