/** The loading and error states the statistics and billing screens share. */
import { Spinner } from '../ui/Spinner.tsx';
import { Button } from '../ui/Button.tsx';

export function LoadingState({ label }: { label: string }) {
  return (
    <div className="flex items-center justify-center gap-2 py-16 text-slate-600" role="status">
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
