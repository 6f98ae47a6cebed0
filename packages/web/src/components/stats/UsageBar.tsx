/**
 * One usage figure against its plan limit as a progressbar: the role carries the values
 * and a text version, the visible line says the same, and over the limit it turns red and says so.
 */
import { useId } from 'react';

interface UsageBarProps {
  label: string;
  used: number;
  limit: number;
  /** How both numbers are written ("12", "3.5 GB"). */
  format: (value: number) => string;
}

export function UsageBar({ label, used, limit, format }: UsageBarProps) {
  const labelId = useId();
  const ratio = limit > 0 ? used / limit : 1;
  const percent = Math.round(ratio * 100);
  const over = used > limit;
  const text = `${format(used)} of ${format(limit)} (${percent}%)`;
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span id={labelId} className="text-sm font-medium text-slate-800">
          {label}
        </span>
        <span className={`text-sm tabular-nums ${over ? 'font-semibold text-red-700' : 'text-slate-600'}`}>
          {text}
          {over ? ' — over the limit' : ''}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, limit)}
        aria-valuetext={over ? `${text}, over the limit` : text}
        className="mt-2 h-3 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={`h-full rounded-full ${over ? 'bg-red-600' : ratio >= 0.8 ? 'bg-amber-500' : 'bg-brand-600'}`}
          style={{ width: `${Math.min(100, Math.max(used > 0 ? 1 : 0, ratio * 100))}%` }}
        />
      </div>
    </div>
  );
}
