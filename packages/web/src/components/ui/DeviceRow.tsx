/**
 * One signed-in device or app in a list of them (push devices, signed-in apps): its icon, name, a
 * "This device" mark, a line of dates, and one action (remove, sign out) that shows it is busy.
 */
import type { LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from './Button.tsx';

export function DeviceRow({
  icon: Icon,
  label,
  thisDevice,
  detail,
  action,
  actionLabel,
  onAction,
}: {
  icon: LucideIcon;
  label: string;
  thisDevice: boolean;
  detail: string;
  /** The button's text, e.g. "Remove". */
  action: string;
  /** The button's accessible name, naming which row it acts on. */
  actionLabel: string;
  onAction: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Icon className="h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900">
          {label}
          {thisDevice ? (
            <span className="ml-2 inline-block whitespace-nowrap rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
              This device
            </span>
          ) : null}
        </p>
        <p className="text-xs text-slate-600">{detail}</p>
      </div>
      <Button
        variant="ghost"
        busy={busy}
        aria-label={actionLabel}
        onClick={() => {
          setBusy(true);
          void onAction().finally(() => setBusy(false));
        }}
      >
        {action}
      </Button>
    </li>
  );
}
