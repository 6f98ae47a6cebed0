/**
 * Reporting a message (R-REPORT-1, R-REPORT-2, R-REPORT-4): the flag button asks for an optional
 * reason (spam, harassment, something else, and words of one's own), confirms with a toast, and once
 * the resident has reported the message it offers to withdraw the report instead.
 */
import { Flag } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { REPORT_NOTE_MAX, REPORT_REASONS } from '@stoop/shared/constants';
import type { ReportReason } from '@stoop/shared';
import { REPORT_REASON_LABELS } from '../../services/chat/report-reasons.ts';
import { useMessagesStore } from '../../stores/messages.ts';

interface Props {
  messageId: string;
  reported: boolean;
  className: string;
  drawn: boolean;
}

export function ReportButton({ messageId, reported, className, drawn }: Props) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLFormElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const trimmed = note.trim();
    const sent = await useMessagesStore.getState().flagMessage(messageId, {
      ...(reason ? { reason } : {}),
      ...(trimmed ? { note: trimmed } : {}),
    });
    setBusy(false);
    if (sent) {
      setOpen(false);
      setReason(null);
      setNote('');
    }
  };

  const icon = drawn ? (
    <Flag className={`h-4 w-4 ${reported ? 'fill-amber-500 text-amber-600' : ''}`} aria-hidden="true" />
  ) : (
    <span className="block h-4 w-4" aria-hidden="true" />
  );
  if (reported) {
    return (
      <button
        type="button"
        className={className}
        aria-label="Withdraw report"
        title="You reported this message. Withdraw the report?"
        onClick={() => void useMessagesStore.getState().withdrawReport(messageId)}
      >
        {icon}
      </button>
    );
  }
  return (
    <div className="relative">
      <button
        type="button"
        className={className}
        aria-label="Report to admins"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {icon}
      </button>
      {open ? (
        <form
          ref={box}
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
              onClick={() => setOpen(false)}
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
      ) : null}
    </div>
  );
}
