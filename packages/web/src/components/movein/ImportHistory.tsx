/** The past imports with their counts, and Undo for a finished one (after a confirmation). */
import { useState } from 'react';
import type { ImportSummary } from '@stoop/shared';
import { Button } from '../ui/Button.tsx';

const STATUS_LABELS: Record<ImportSummary['status'], string> = {
  running: 'Running',
  done: 'Imported',
  failed: 'Failed',
  undone: 'Undone',
};

export function ImportHistory({
  imports,
  onUndo,
}: {
  imports: readonly ImportSummary[];
  onUndo: (id: string) => Promise<void>;
}) {
  if (imports.length === 0)
    return <p className="text-sm text-slate-600">No imports yet. The first one you run appears here.</p>;
  return (
    <ul className="space-y-2" aria-label="Past imports">
      {imports.map((item) => (
        <ImportRow key={item.id} item={item} onUndo={onUndo} />
      ))}
    </ul>
  );
}

function ImportRow({ item, onUndo }: { item: ImportSummary; onUndo: (id: string) => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const undo = async () => {
    setBusy(true);
    try {
      await onUndo(item.id);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <div className="min-w-0 text-sm">
        <p className="font-medium break-words text-slate-900">{item.fileName}</p>
        <p className="text-slate-600">
          into #{item.conversationName} · {new Date(item.createdAt).toLocaleString()} ·{' '}
          <span data-testid="import-status">{STATUS_LABELS[item.status]}</span>
          {item.status === 'running'
            ? ` ${item.processed} of ${item.total}`
            : ` · ${item.imported} imported, ${item.skipped} skipped`}
        </p>
        {item.error ? <p className="text-red-700">{item.error}</p> : null}
      </div>
      {item.status === 'done' ? (
        confirming ? (
          <span
            className="flex flex-wrap items-center gap-2 text-sm"
            role="alertdialog"
            aria-label="Undo this import?"
          >
            Remove its {item.imported} messages?
            <Button variant="danger" busy={busy} onClick={() => void undo()} autoFocus>
              Remove
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </span>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Undo
          </Button>
        )
      ) : null}
    </li>
  );
}
