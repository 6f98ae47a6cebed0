/**
 * The report form a message's flag button opens: an optional reason and
 * note for the admins. Its own chunk, loaded on the first press.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { REPORT_NOTE_MAX, REPORT_REASONS } from '@stoop/shared/constants';
import type { ReportReason } from '@stoop/shared';
import { REPORT_REASON_LABELS } from '../../services/chat/report-reasons.ts';
import { useMessagesStore } from '../../stores/messages.ts';

interface Props {
  messageId: string;
  onClose: () => void;
}

export function ReportForm({ messageId, onClose }: Props) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const trimmed = note.trim();
    const sent = await useMessagesStore.getState().flagMessage(messageId, {
      ...(reason ? { reason } : {}),
      ...(trimmed ? { note: trimmed } : {}),
    });
    setBusy(false);
    if (sent) onClose();
  };

  return (
    <form
      role="dialog"
      aria-labelledby={`${id}-title`}
      className="absolute right-0 top-full z-20 mt-1 flex w-[min(18rem,calc(100vw-2rem))] flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-lg"
      onSubmit={(event) => void submit(event)}
    >
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        Report this message?
      </h3>
      <p className="text-xs text-slate-600">The admins will see it. A reason helps them (optional).</p>
      <fieldset className="flex flex-col gap-1">
        <legend className="sr-only">Reason</legend>
        {REPORT_REASONS.map((r) => (
          <label key={r} className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-reason`}
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
            />
            {REPORT_REASON_LABELS[r]}
          </label>
        ))}
      </fieldset>
      <label className="flex flex-col gap-1 text-xs text-slate-700">
        Anything the admins should know (optional)
        <textarea
          className="rounded-md border border-slate-300 p-1.5 text-sm"
          rows={2}
          maxLength={REPORT_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      <div className="flex justify-end gap-2">
        <button
          type="button"
          className="rounded-md px-3 py-1.5 text-slate-700 hover:bg-slate-100"
          onClick={onClose}
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800 disabled:opacity-50"
        >
          Report
        </button>
      </div>
    </form>
  );
}
