/** Loading and error states of a screen's main content (statistics, billing, requests, events). */
import { Spinner } from './Spinner.tsx';
import { Button } from './Button.tsx';

/** `space` sets how much room it takes (padding or a minimum height). */
export function LoadingState({ label, space = 'py-16' }: { label: string; space?: string }) {
  return (
    <div className={`flex items-center justify-center gap-2 text-slate-600 ${space}`} role="status">
      <Spinner className="h-6 w-6" />
      <span>{label}</span>
    </div>
  );
}

export function ErrorState({
  message,
  detail,
  onRetry,
}: {
  message: string;
  detail: string;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p className="font-medium">{message}</p>
      <p className="mt-1 text-red-700">{detail}</p>
      <Button variant="secondary" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
