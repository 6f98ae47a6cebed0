/** A request's status as a coloured badge. */
import { REQUEST_STATUS_LABELS, type RequestStatus } from '@stoop/shared';

const COLOURS: Record<RequestStatus, string> = {
  open: 'bg-amber-50 text-amber-800 ring-amber-200',
  in_progress: 'bg-sky-50 text-sky-800 ring-sky-200',
  done: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-200',
};

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${COLOURS[status]}`}
      data-status={status}
    >
      {REQUEST_STATUS_LABELS[status]}
    </span>
  );
}
