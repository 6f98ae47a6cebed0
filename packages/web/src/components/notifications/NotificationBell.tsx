/**
 * The header's bell: an unread badge and, on press, a panel (NotificationPanel, a Radix dialog)
 * listing the newest notifications. Opening the panel marks them read, so the badge clears; the
 * ones that were new stay marked "new" while it is open, and so do those that arrive (or finish
 * loading) while it is open: they are marked read as they come, so the badge stays clear. Unread direct messages count on the badge
 * too and are listed at the top of the panel until they are opened. The panel is its own chunk, loaded the
 * first time the bell is pressed (or pointed at), so it is not part of the page's first load.
 */
import { Bell } from 'lucide-react';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNotificationsStore } from '../../stores/notifications.ts';
import { useUnreadTotals } from '../shell/use-unread-totals.ts';

const loadPanel = () => import('./NotificationPanel.tsx');
const NotificationPanel = lazy(loadPanel);
const preloadPanel = () => void loadPanel().catch(() => undefined);

/** "9+" beyond nine: the badge is a hint, not a count to read exactly. */
const badgeText = (unread: number) => (unread > 9 ? '9+' : String(unread));

export function NotificationBell() {
  // Unread direct messages raise the badge too; the panel lists them first.
  const unreadDirect = useUnreadTotals().direct;
  const unreadNotifications = useNotificationsStore((s) => s.unread);
  const unread = unreadNotifications + unreadDirect;
  const loaded = useNotificationsStore((s) => s.loaded);
  const items = useNotificationsStore((s) => s.items);
  const [open, setOpen] = useState(false);
  const [panelLoaded, setPanelLoaded] = useState(false);
  if (open && !panelLoaded) setPanelLoaded(true);
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>(new Set());
  const bell = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!loaded) void useNotificationsStore.getState().load();
  }, [loaded]);

  // While the panel is open, what arrives is read as it appears: shown as new, never on the badge.
  // A layout effect, so the badge does not flash the arrival for a frame before it is marked.
  useLayoutEffect(() => {
    if (!open) return;
    const arrived = items.filter((n) => !n.read).map((n) => n.id);
    if (arrived.length === 0) return;
    setFreshIds((fresh) => new Set([...fresh, ...arrived]));
    void useNotificationsStore.getState().markRead(arrived);
  }, [open, items]);

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) return;
    const { items, unread: count, markRead } = useNotificationsStore.getState();
    // Only notifications are marked read here; a direct message stays unread until it is opened.
    setFreshIds(new Set(items.filter((n) => !n.read).map((n) => n.id)));
    if (count > 0) void markRead();
  };

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <>
      <button
        ref={bell}
        type="button"
        className="relative rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? 'notification-panel' : undefined}
        onClick={() => openChange(!open)}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
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
      {panelLoaded ? (
        <Suspense fallback={null}>
          <NotificationPanel open={open} onOpenChange={openChange} freshIds={freshIds} triggerRef={bell} />
        </Suspense>
      ) : null}
    </>
  );
}
