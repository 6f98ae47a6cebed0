/**
 * Reporting a message (R-REPORT-4): the flag button asks for an optional
 * reason (spam, harassment, something else, and words of one's own), confirms with a toast, and once
 * the resident has reported the message it offers to withdraw the report instead. The form is its
 * own chunk, loaded on the first press.
 */
import { Flag } from 'lucide-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useMessagesStore } from '../../stores/messages.ts';

const ReportForm = lazy(async () => ({ default: (await import('./ReportForm.tsx')).ReportForm }));

interface Props {
  messageId: string;
  reported: boolean;
  className: string;
  drawn: boolean;
}

export function ReportButton({ messageId, reported, className, drawn }: Props) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);

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
        <Suspense fallback={null}>
          <ReportForm messageId={messageId} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
