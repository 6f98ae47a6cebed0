/**
 * The PWA flags made visible: a reload prompt while a new version waits, and a toast
 * once the app works offline. Mounted by AppToaster so it sits beside the toasts.
 */
import { useEffect, useState } from 'react';
import { usePwaStore } from '../stores/pwa.ts';
import { toast } from '../services/ui/toast.ts';

export const PWA_TEXTS = {
  updateAvailable: 'A new version of Stoop is available',
  reload: 'Reload',
  later: 'Later',
  offlineReady: 'Stoop is ready to work offline',
} as const;

export function UpdatePrompt() {
  const updateAvailable = usePwaStore((s) => s.updateAvailable);
  const offlineReady = usePwaStore((s) => s.offlineReady);
  const applyUpdate = usePwaStore((s) => s.applyUpdate);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (offlineReady) toast.success(PWA_TEXTS.offlineReady, { id: 'pwa-offline-ready' });
  }, [offlineReady]);

  if (!updateAvailable || dismissed) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="update-prompt"
      className="fixed inset-x-0 z-50 mx-auto flex w-fit max-w-[calc(100%-2rem)] items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-900 shadow-lg"
      style={{ top: 'calc(env(safe-area-inset-top, 0px) + 1rem)' }}
    >
      <span>{PWA_TEXTS.updateAvailable}</span>
      <button
        type="button"
        onClick={applyUpdate}
        className="rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800"
      >
        {PWA_TEXTS.reload}
      </button>
      <button
        type="button"
        onClick={() => setDismissed(true)}
        className="rounded-md px-2 py-1.5 text-slate-600 hover:bg-slate-100"
      >
        {PWA_TEXTS.later}
      </button>
    </div>
  );
}
