/** chat-intro: welcome, the resident's top conversations, recent announcements and quick actions. */
import { Hash, Megaphone, MessageSquarePlus, Plus, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { TopConversations } from '../../components/TopConversations.tsx';
import { AnnouncementBody } from '../../components/announcements/AnnouncementBody.tsx';
import { conversationPath, conversationTitle } from '../../components/chat/chat-hooks.ts';
import { DASHBOARD_PATHS } from '../../navigation/paths.ts';
import type { Announcement } from '@stoop/shared';
import { logger } from '../../services/logger/logger.ts';
import { useActivityStore } from '../../stores/activity.ts';
import { recentAnnouncements } from '../../stores/announcements.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { ChatDialogs, type ChatDialog } from '../../components/chat/ChatDialogs.tsx';
import { useUsersStore } from '../../stores/users.ts';

const RECENT_ANNOUNCEMENTS = 5;
const RECENT_CONVERSATIONS = 5;

/** The newest announcements (pinned first, as the announcements page lists them); an empty list when the call fails. */
function useRecentAnnouncements(): Announcement[] | null {
  const [items, setItems] = useState<Announcement[] | null>(null);
  useEffect(() => {
    let live = true;
    recentAnnouncements(RECENT_ANNOUNCEMENTS)
      .then((data) => live && setItems(data))
      .catch((error: unknown) => {
        logger.warn('Announcements could not be loaded', { error: String(error) });
        if (live) setItems([]);
      });
    return () => {
      live = false;
    };
  }, []);
  return items;
}

const card = 'rounded-2xl border border-slate-200 bg-white p-4 sm:p-5';
const quick =
  'flex min-h-11 items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50';

export default function ChatIntroPage() {
  const user = useAuthStore((s) => s.user);
  const conversations = useConversationsStore((s) => s.conversations);
  const users = useUsersStore((s) => s.byId);
  const announcements = useRecentAnnouncements();
  const [dialog, setDialog] = useState<ChatDialog>(null);
  const meId = user?.id ?? null;
  // Until there is activity to rank, the most recent conversations stand in for the top ones.
  const hasActivity = useActivityStore((s) => s.activities.length > 0);
  const recent = hasActivity ? [] : conversations.slice(0, RECENT_CONVERSATIONS);

  return (
    <div className="mx-auto max-w-4xl space-y-6 p-4 sm:p-6">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">Welcome{user ? `, ${user.username}` : ''}</h1>
        <p className="mt-1 text-sm text-slate-600">Catch up with your neighbours, or start something new.</p>
      </header>

      <section className={card} aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="text-sm font-semibold text-slate-700">
          Quick actions
        </h2>
        <div className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
          <button type="button" className={quick} onClick={() => setDialog('direct')}>
            <MessageSquarePlus className="h-4 w-4 text-brand-700" aria-hidden="true" /> New direct chat
          </button>
          <button type="button" className={quick} onClick={() => setDialog('browse')} aria-haspopup="dialog">
            <Hash className="h-4 w-4 text-brand-700" aria-hidden="true" /> Browse channels
          </button>
          <button type="button" className={quick} onClick={() => setDialog('direct')}>
            <Users className="h-4 w-4 text-brand-700" aria-hidden="true" /> Browse residents
          </button>
          <button type="button" className={quick} onClick={() => setDialog('channel')}>
            <Plus className="h-4 w-4 text-brand-700" aria-hidden="true" /> New channel
          </button>
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section className={card} aria-labelledby="top-heading">
          <h2 id="top-heading" className="text-sm font-semibold text-slate-700">
            Your conversations
          </h2>
          <div className="mt-3">
            <TopConversations
              conversations={conversations}
              labelFor={(c) => conversationTitle(c, meId, users)}
            />
            {recent.length > 0 ? (
              <ul className="space-y-1" aria-label="Recent conversations">
                {recent.map((c) => (
                  <li key={c.id}>
                    <Link
                      className="flex items-center justify-between rounded px-2 py-1 text-sm text-slate-900 hover:bg-slate-100"
                      to={conversationPath(c)}
                    >
                      <span className="truncate">{conversationTitle(c, meId, users)}</span>
                      {c.unreadCount > 0 ? (
                        <span className="text-xs font-semibold text-brand-700">{c.unreadCount} new</span>
                      ) : null}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
            {conversations.length === 0 ? (
              <p className="text-sm text-slate-500">Nothing here yet. Say hello in a channel!</p>
            ) : null}
          </div>
        </section>
        <section className={card} aria-labelledby="announcements-heading">
          <div className="flex items-center justify-between">
            <h2 id="announcements-heading" className="text-sm font-semibold text-slate-700">
              Recent announcements
            </h2>
            <Link
              to={DASHBOARD_PATHS.announcements}
              className="text-xs font-medium text-brand-700 hover:underline"
            >
              See all
            </Link>
          </div>
          {announcements === null ? (
            <p className="mt-3 text-sm text-slate-500">Loading…</p>
          ) : announcements.length === 0 ? (
            <div className="mt-3 flex items-center gap-3 text-sm text-slate-500">
              <Megaphone className="h-5 w-5 text-slate-400" aria-hidden="true" /> No announcements yet.
            </div>
          ) : (
            <ul className="mt-3 space-y-3">
              {announcements.map((a) => (
                <li key={a.id}>
                  <h3 className="text-sm font-medium text-slate-900">{a.title}</h3>
                  {/* Safe markdown, as on the announcements page (R-ANN-4); long ones are cut short. */}
                  <div className="max-h-24 overflow-hidden">
                    <AnnouncementBody source={a.body} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <ChatDialogs open={dialog} onChange={setDialog} />
    </div>
  );
}
