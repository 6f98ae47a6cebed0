/**
 * The frame of a card inside a message (poll, event) and what it shows before its data is there:
 * a spinner while it loads, or the failure with a "Try again" that loads it once more.
 */
import { Spinner } from '../ui/Spinner.tsx';

export const cardFrame = 'mt-1 w-full max-w-md rounded-xl border border-slate-200 bg-white p-3';

export function CardPlaceholder({
  what,
  failed,
  onRetry,
}: {
  /** "poll" or "event", as the texts say it. */
  what: string;
  failed: boolean;
  onRetry: () => void;
}) {
  return (
    <div className={`${cardFrame} text-sm text-slate-600`} aria-busy={!failed}>
      {failed ? (
        <>
          This {what} could not be loaded.{' '}
          <button type="button" className="text-brand-700 underline" onClick={onRetry}>
            Try again
          </button>
        </>
      ) : (
        <span className="flex items-center gap-2">
          <Spinner className="h-4 w-4" /> Loading {what}…
        </span>
      )}
    </div>
  );
}
