/**
 * R-RECEIPT-7: the read-receipts switch. It saves at once, apart from the profile form, as a
 * phone's privacy switches do; and it works both ways, as in WhatsApp.
 */
import { useId, useState } from 'react';
import { errorMessage } from '../../components/form/validate.ts';
import { saveReadReceiptsSetting } from '../../stores/account.ts';
import { toast } from '../../services/ui/toast.ts';
import { useAuthStore } from '../../stores/auth.ts';

export function ReadReceiptsSetting() {
  const shares = useAuthStore((s) => s.user?.shareReadReceipts ?? true);
  // The switch moves at once; it goes back if the save fails.
  const [asked, setAsked] = useState<boolean | null>(null);
  const hintId = useId();
  const nameId = useId();

  async function change(on: boolean) {
    setAsked(on);
    try {
      await saveReadReceiptsSetting(on);
      toast.success(on ? 'Read receipts are on.' : 'Read receipts are off.');
    } catch (error) {
      toast.error(errorMessage(error, 'The setting could not be saved. Please try again.'));
    } finally {
      setAsked(null);
    }
  }

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">Privacy</h2>
      {/* The toast this switch raises moves above it, so the rule it explains stays readable. */}
      <label className="mt-4 flex items-start gap-3 text-sm text-slate-900" data-toast-avoid>
        <input
          type="checkbox"
          role="switch"
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
          checked={asked ?? shares}
          disabled={asked !== null}
          aria-labelledby={nameId}
          aria-describedby={hintId}
          onChange={(e) => void change(e.target.checked)}
        />
        <span>
          <span id={nameId} className="block font-medium">
            Read receipts
          </span>
          <span id={hintId} className="block text-xs text-slate-600">
            When this is off, others don&apos;t see when you have read their messages, and you don&apos;t see
            when they have read yours.
          </span>
        </span>
      </label>
    </section>
  );
}
