/**
 * R-EVENT-13: "Edit" (the create dialog's form, filled in) and "Cancel event" with a confirm step,
 * for the event's creator and admins. Nothing for anyone else, nor once it is cancelled.
 */
import { Pencil, XCircle } from 'lucide-react';
import { useState } from 'react';
import type { EventView } from '@stoop/shared';
import { NO_EVENT_ABILITIES } from '@stoop/shared/no-abilities';
import { toast } from '../../services/ui/toast.ts';
import { useEventsStore } from '../../stores/events.ts';
import { Button } from '../ui/Button.tsx';
import { CreateEventDialog } from './CreateEventDialog.tsx';

export function EventActions({ event }: { event: EventView }) {
  const cancel = useEventsStore((s) => s.cancel);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // The server says whether this reader may change or cancel it.
  const abilities = event.abilities ?? NO_EVENT_ABILITIES;
  if (!abilities.edit && !abilities.cancel) return null;

  const confirmCancel = async () => {
    setBusy(true);
    const done = await cancel(event.id);
    setBusy(false);
    setConfirming(false);
    if (done) toast.success('Event cancelled');
  };

  return (
    <div className="flex flex-col gap-2">
      {confirming ? (
        <div
          role="group"
          aria-labelledby="cancel-event-question"
          className="flex flex-wrap items-center gap-2 rounded-lg border border-red-200 bg-red-50 p-3"
        >
          <p id="cancel-event-question" className="text-sm text-red-900">
            Cancel this event? Everyone who is going or may go is told.
          </p>
          <Button variant="danger" busy={busy} onClick={() => void confirmCancel()}>
            Yes, cancel event
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {abilities.edit ? (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
            </Button>
          ) : null}
          {abilities.cancel ? (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              <XCircle className="h-4 w-4" aria-hidden="true" /> Cancel event
            </Button>
          ) : null}
        </div>
      )}
      {editing ? (
        <CreateEventDialog
          event={event}
          onClose={() => setEditing(false)}
          onCreated={() => {
            setEditing(false);
            toast.success('Event changed');
          }}
        />
      ) : null}
    </div>
  );
}
