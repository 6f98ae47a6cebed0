/** A request's history, oldest first: filed, every status change with its note, every comment. */
import { REQUEST_STATUS_LABELS, type RequestEvent } from '@stoop/shared';

export const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

function headline(event: RequestEvent): string {
  const who = event.actor?.username ?? 'Someone';
  const by = event.byOffice ? `${who} (office)` : who;
  if (event.kind === 'created') return `${by} filed the request`;
  if (event.kind === 'comment') return event.byOffice ? `${by} added a note` : `${by} added a follow-up`;
  const from = event.fromStatus ? REQUEST_STATUS_LABELS[event.fromStatus] : '—';
  const to = event.toStatus ? REQUEST_STATUS_LABELS[event.toStatus] : '—';
  return `${by} changed the status: ${from} → ${to}`;
}

export function RequestHistory({ history }: { history: readonly RequestEvent[] }) {
  return (
    <ol className="space-y-3 border-l-2 border-slate-200 pl-4" aria-label="History">
      {history.map((event) => (
        <li key={event.id} className="relative">
          <span
            className="absolute -left-[1.4rem] top-1.5 h-2.5 w-2.5 rounded-full bg-brand-600"
            aria-hidden="true"
          />
          <p className="text-sm font-medium text-slate-800">{headline(event)}</p>
          <p className="text-xs text-slate-500">
            <time dateTime={event.createdAt}>{when(event.createdAt)}</time>
          </p>
          {event.text ? (
            <p className="mt-1 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-2 text-sm text-slate-700">
              {event.text}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
