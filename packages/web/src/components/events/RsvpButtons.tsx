/**
 * Going / Maybe / Can't go: three toggle buttons (aria-pressed marks the reader's
 * answer, a click on another one changes it), each with its count.
 */
import { useState } from 'react';
import { RSVP_STATUSES, type EventView, type RsvpStatus } from '@stoop/shared';
import { useEventsStore } from '../../stores/events.ts';

const LABELS: Record<RsvpStatus, string> = { going: 'Going', maybe: 'Maybe', no: 'Can’t go' };

export function RsvpButtons({ event }: { event: EventView }) {
  const rsvp = useEventsStore((s) => s.rsvp);
  const [busy, setBusy] = useState(false);
  const over = Date.parse(event.endsAt) <= Date.now();
  const answer = async (status: RsvpStatus) => {
    if (status === event.myRsvp || busy) return;
    setBusy(true);
    await rsvp(event.id, status);
    setBusy(false);
  };
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Your answer">
      {RSVP_STATUSES.map((status) => {
        const mine = event.myRsvp === status;
        return (
          <button
            key={status}
            type="button"
            className={`min-h-9 rounded-lg border px-3 py-1.5 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:cursor-default disabled:opacity-60 ${
              mine
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600'
            }`}
            aria-pressed={mine}
            disabled={busy || over}
            onClick={() => void answer(status)}
          >
            {LABELS[status]}{' '}
            <span className="tabular-nums" data-testid={`rsvp-count-${status}`}>
              {event.counts[status]}
            </span>
          </button>
        );
      })}
    </div>
  );
}
