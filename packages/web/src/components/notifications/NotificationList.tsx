/** The panel's list: each notification is a link to its source (a message, a thread, the announcements). */
import {
  AtSign,
  Bell,
  CalendarClock,
  CheckCircle2,
  ClipboardList,
  Heart,
  Megaphone,
  MessageSquareReply,
  type LucideIcon,
} from 'lucide-react';
import type { Notification, NotificationType } from '@stoop/shared';
import { Link } from 'react-router';
import { useNotificationsStore } from '../../stores/notifications.ts';

const ICONS: Record<NotificationType, LucideIcon> = {
  mention: AtSign,
  reply: MessageSquareReply,
  like: Heart,
  announcement: Megaphone,
  approved: CheckCircle2,
  request: ClipboardList,
  event: CalendarClock,
};

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

interface NotificationListProps {
  /** Unread when the panel opened: still shown as new while it is open. */
  freshIds: ReadonlySet<string>;
  /** Called when one is opened (the panel closes). */
  onOpen: () => void;
}

export function NotificationList({ freshIds, onOpen }: NotificationListProps) {
  const items = useNotificationsStore((s) => s.items);
  const loaded = useNotificationsStore((s) => s.loaded);
  if (!loaded) return <p className="px-4 py-6 text-sm text-slate-500">Loading…</p>;
  if (items.length === 0) {
    return (
      <p className="flex items-center gap-2 px-4 py-6 text-sm text-slate-500">
        <Bell className="h-4 w-4" aria-hidden="true" /> Nothing new. Mentions, replies and likes show up here.
      </p>
    );
  }
  return (
    <ul className="min-h-0 flex-1 divide-y divide-slate-100 overflow-y-auto" aria-label="Notifications">
      {items.map((n) => (
        <NotificationItem key={n.id} notification={n} fresh={freshIds.has(n.id) || !n.read} onOpen={onOpen} />
      ))}
    </ul>
  );
}

function NotificationItem({
  notification: n,
  fresh,
  onOpen,
}: {
  notification: Notification;
  fresh: boolean;
  onOpen: () => void;
}) {
  const Icon = ICONS[n.type];
  const open = () => {
    if (!n.read) void useNotificationsStore.getState().markRead([n.id]);
    onOpen();
  };
  return (
    <li>
      <Link
        to={n.link}
        onClick={open}
        data-fresh={fresh || undefined}
        className={`flex gap-3 px-4 py-3 text-sm hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700 ${fresh ? 'bg-brand-50/60' : ''}`}
      >
        <Icon className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className="block break-words text-slate-800">{n.text}</span>
          <span className="block text-xs text-slate-500">
            {timeOf(n.createdAt)}
            {fresh ? <span className="ml-2 font-semibold text-brand-700">New</span> : null}
          </span>
        </span>
      </Link>
    </li>
  );
}
