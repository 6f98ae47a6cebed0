/**
 * The resident's top 3 channels and top 3 direct chats (R-ACTIVITY-5 activity ranking), for the chat
 * intro screen. Hidden conversations never show; the ranking lives in services/chat/activity.ts.
 */
import { useMemo } from 'react';
import { Link } from 'react-router';
import { topConversations, type RankableConversation } from '../services/chat/activity.ts';
import { useActivityStore } from '../stores/activity.ts';
import { DASHBOARD_PATHS } from '../navigation/paths.ts';

export type TopConversationItem = RankableConversation & { name: string };

interface Props<C extends TopConversationItem> {
  conversations: readonly C[];
  /** Display name; direct chats usually show the other resident's name rather than `name`. */
  labelFor?: (conversation: C) => string;
  /** Ranking time; tests pin it. */
  now?: number;
}

export function TopConversations<C extends TopConversationItem>({ conversations, labelFor, now }: Props<C>) {
  const activities = useActivityStore((s) => s.activities);
  const top = useMemo(
    () => topConversations(activities, conversations, now ?? Date.now()),
    [activities, conversations, now],
  );
  const label = (c: C) => labelFor?.(c) ?? c.name;
  if (top.channel.length === 0 && top.direct.length === 0) return null;

  const section = (title: string, items: C[], href: (id: string) => string) =>
    items.length === 0 ? null : (
      <section aria-label={title}>
        <h3 className="text-sm font-semibold text-slate-600">{title}</h3>
        <ul className="mt-2 space-y-1">
          {items.map((c) => (
            <li key={c.id}>
              <Link className="block rounded px-2 py-1 text-slate-900 hover:bg-slate-100" to={href(c.id)}>
                {label(c)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    );

  return (
    <div className="grid gap-4 sm:grid-cols-2" data-testid="top-conversations">
      {section('Your top channels', top.channel, DASHBOARD_PATHS.channel)}
      {section('Your top direct chats', top.direct, DASHBOARD_PATHS.direct)}
    </div>
  );
}
