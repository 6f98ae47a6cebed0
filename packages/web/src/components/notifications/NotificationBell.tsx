/**
 * The header's bell: an unread badge and, on press, a panel (a Radix dialog, so focus stays in it
 * and Escape closes it) listing the newest notifications. Opening the panel marks them read, so
 * the badge clears; the ones that were new stay marked "new" while it is open.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { Bell, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNotificationsStore } from '../../stores/notifications.ts';
import { NotificationList } from './NotificationList.tsx';

/** "9+" beyond nine: the badge is a hint, not a count to read exactly. */
const badgeText = (unread: number) => (unread > 9 ? '9+' : String(unread));

export function NotificationBell() {
  const unread = useNotificationsStore((s) => s.unread);
  const loaded = useNotificationsStore((s) => s.loaded);
  const [open, setOpen] = useState(false);
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (!loaded) void useNotificationsStore.getState().load();
  }, [loaded]);

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) return;
    const { items, unread: count, markRead } = useNotificationsStore.getState();
    setFreshIds(new Set(items.filter((n) => !n.read).map((n) => n.id)));
    if (count > 0) void markRead();
  };

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Dialog.Root open={open} onOpenChange={openChange}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className="relative rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
          aria-label={label}
        >
          <Bell className="h-5 w-5" aria-hidden="true" />
          {unread > 0 ? (
            <span
              data-testid="notification-badge"
              className="absolute -right-0.5 -top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-bold leading-none text-white"
              aria-hidden="true"
            >
              {badgeText(unread)}
            </span>
          ) : null}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/20" />
        <Dialog.Content className="fixed right-2 top-14 z-50 flex max-h-[min(32rem,calc(100dvh-4rem))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-xl border border-slate-200 bg-white shadow-xl">
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
            <Dialog.Title className="text-sm font-semibold text-slate-900">Notifications</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="rounded-md p-2 text-slate-500 hover:bg-slate-100">
                <X className="h-4 w-4" aria-hidden="true" />
                <span className="sr-only">Close notifications</span>
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            Mentions, replies, likes, announcements and account news. Choose one to open it.
          </Dialog.Description>
          <NotificationList freshIds={freshIds} onOpen={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
