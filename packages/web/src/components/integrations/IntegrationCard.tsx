/**
 * One connected source: name, type, channel, state and last activity for everyone; for admins its
 * address, last error and the actions (pause or resume, rotate, delete with confirmation).
 */
import { useState } from 'react';
import type { Integration } from '@stoop/shared';
import { Button } from '../ui/Button.tsx';
import { TYPE_LABELS } from './ConnectSourceForm.tsx';

interface Actions {
  onPause: (paused: boolean) => Promise<unknown>;
  onRotate: () => Promise<void>;
  onDelete: () => Promise<void>;
}

const when = (iso: string) => new Date(iso).toLocaleString();

export function IntegrationCard({
  integration: i,
  actions,
}: {
  integration: Integration;
  actions: Actions | null;
}) {
  const [confirming, setConfirming] = useState<'delete' | 'rotate' | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    await action();
    setBusy(false);
    setConfirming(null);
  };
  return (
    <article
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-label={`${i.name}, ${TYPE_LABELS[i.type]}`}
      data-integration-id={i.id}
    >
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 break-words text-sm font-semibold text-slate-900">{i.name}</h3>
        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
          {TYPE_LABELS[i.type]}
        </span>
        {i.paused ? (
          <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
            Paused
          </span>
        ) : null}
      </header>
      <p className="text-sm text-slate-600">
        Posts to <span className="font-medium text-slate-800">#{i.conversationName}</span> ·{' '}
        {i.lastActivityAt ? `last post ${when(i.lastActivityAt)}` : 'no posts yet'}
      </p>
      {i.url ? <p className="break-all font-mono text-xs text-slate-500">{i.url}</p> : null}
      {i.lastError ? (
        <p className="text-sm text-red-700" role="note">
          Last error: {i.lastError}
        </p>
      ) : null}
      {actions ? (
        confirming ? (
          <div
            className="flex flex-wrap items-center gap-2 text-sm"
            role="alertdialog"
            aria-label={confirming === 'delete' ? `Disconnect ${i.name}?` : `Give ${i.name} a new address?`}
          >
            {confirming === 'delete'
              ? `Disconnect “${i.name}”? Its messages stay in the channel.`
              : 'The current address stops working at once.'}
            <Button
              variant={confirming === 'delete' ? 'danger' : 'primary'}
              busy={busy}
              autoFocus
              onClick={() => void run(confirming === 'delete' ? actions.onDelete : actions.onRotate)}
            >
              {confirming === 'delete' ? 'Disconnect' : 'New address'}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              busy={busy}
              onClick={() => void run(() => actions.onPause(!i.paused))}
            >
              {i.paused ? 'Resume' : 'Pause'}
            </Button>
            {i.type === 'webhook' ? (
              <Button variant="secondary" onClick={() => setConfirming('rotate')}>
                Rotate secret
              </Button>
            ) : null}
            <Button variant="ghost" className="text-red-700" onClick={() => setConfirming('delete')}>
              Delete
            </Button>
          </div>
        )
      ) : null}
    </article>
  );
}
