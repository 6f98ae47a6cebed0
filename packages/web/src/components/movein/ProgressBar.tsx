/** A labelled progress bar (upload of an export, an import's batches): a real progressbar for screen readers. */
export function ProgressBar({
  label,
  fraction,
  detail,
}: {
  label: string;
  fraction: number;
  detail?: string;
}) {
  const percent = Math.max(0, Math.min(100, Math.round(fraction * 100)));
  return (
    <div className="space-y-1">
      <div className="flex justify-between gap-2 text-sm text-slate-700">
        <span>{label}</span>
        <span aria-hidden="true">{detail ?? `${percent} %`}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={detail ?? `${percent} %`}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
