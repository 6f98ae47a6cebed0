/** A webhook's secret address, shown once with a copy button. */
import { Copy } from 'lucide-react';
import type { RevealedWebhook } from '../../stores/integrations.ts';
import { copyWithToast } from '../../services/ui/clipboard.ts';
import { Button } from '../ui/Button.tsx';

const copy = (text: string) =>
  copyWithToast(text, {
    copied: 'Webhook address copied.',
    failed: 'Could not copy. Select the address and copy it by hand.',
  });

export function WebhookReveal({ revealed, onDismiss }: { revealed: RevealedWebhook; onDismiss: () => void }) {
  return (
    <section
      className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4"
      aria-labelledby="webhook-reveal-title"
      role="status"
    >
      <h2 id="webhook-reveal-title" className="text-sm font-semibold text-amber-900">
        Webhook address for {revealed.name}
      </h2>
      <p className="text-sm text-amber-900">
        Copy it now: it is shown only once. Anyone with it can post to the channel; rotate it if it leaks.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          readOnly
          aria-label="Webhook address"
          value={revealed.url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-amber-300 bg-white px-3 py-2 font-mono text-xs text-slate-900"
          data-testid="webhook-url"
        />
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => void copy(revealed.url)}>
            <Copy className="h-4 w-4" aria-hidden="true" /> Copy
          </Button>
          <Button variant="ghost" onClick={onDismiss}>
            Done
          </Button>
        </div>
      </div>
    </section>
  );
}
