/** The office sets a request's status with an optional note the resident sees. */
import { useState, type FormEvent } from 'react';
import {
  ADMIN_REQUEST_STATUSES,
  REQUEST_COMMENT_MAX,
  REQUEST_STATUS_LABELS,
  type BuildingRequest,
} from '@stoop/shared';
import { NO_REQUEST_ABILITIES } from '@stoop/shared/no-abilities';
import { SelectField, TextAreaField } from '../form/fields.tsx';
import { Button } from '../ui/Button.tsx';

type AdminStatus = (typeof ADMIN_REQUEST_STATUSES)[number];

/** What the office most likely does next. */
const NEXT: Record<AdminStatus, AdminStatus> = { open: 'in_progress', in_progress: 'done', done: 'open' };
const OPTIONS = ADMIN_REQUEST_STATUSES.map((value) => ({ value, label: REQUEST_STATUS_LABELS[value] }));

interface Props {
  request: BuildingRequest;
  onSubmit: (status: AdminStatus, note: string) => Promise<boolean>;
}

export function StatusChangeForm({ request, onSubmit }: Props) {
  const current = request.status === 'cancelled' ? 'open' : request.status;
  const [status, setStatus] = useState<AdminStatus>(NEXT[current]);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  // The server says whether the status may change; the status only explains why not.
  if (!(request.abilities ?? NO_REQUEST_ABILITIES).changeStatus) {
    return request.status === 'cancelled' ? (
      <p className="text-sm text-slate-600">The resident cancelled this request.</p>
    ) : null;
  }
  const unchanged = status === request.status;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const ok = await onSubmit(status, note);
    setBusy(false);
    if (ok) setNote('');
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-label="Change the status"
      className="flex flex-col gap-3 rounded-lg bg-slate-50 p-3"
    >
      <SelectField
        label="New status"
        name="status"
        value={status}
        onValueChange={(value) => setStatus(value as AdminStatus)}
        options={OPTIONS}
        error={
          unchanged ? `The request is already ${REQUEST_STATUS_LABELS[status].toLowerCase()}` : undefined
        }
      />
      <TextAreaField
        label="Note for the resident (optional)"
        name="note"
        value={note}
        onValueChange={setNote}
        rows={2}
        maxLength={REQUEST_COMMENT_MAX}
      />
      <Button type="submit" className="self-end" busy={busy} disabled={unchanged}>
        Save status
      </Button>
    </form>
  );
}
