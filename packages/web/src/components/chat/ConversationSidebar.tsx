/**
 * The conversation list of the main sidebar: channels and direct chats with unread badges,
 * presence dots for direct chats, a filter box, the two create dialogs and the channel browser.
 */
import { BellOff, Compass, Hash, MessageSquarePlus, PencilLine, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { NavLink } from 'react-router';
import type { Conversation } from '@stoop/shared';
import { TEXTS } from '@stoop/shared/texts';
import { useAuthStore } from '../../stores/auth.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { hasDraftIn, useDraftsStore } from '../../stores/drafts.ts';
import { useMutesStore } from '../../stores/mutes.ts';
import { useUsersStore } from '../../stores/users.ts';
import { UserAvatar } from '../shell/UserAvatar.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { ChatDialogs, type ChatDialog } from './ChatDialogs.tsx';
import { conversationPath, conversationTitle, otherParticipant } from './chat-hooks.ts';

function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="ml-auto min-w-5 rounded-full bg-brand-700 px-1.5 text-center text-xs font-semibold leading-5 text-white">
      {count > 99 ? '99+' : count}
    </span>
  );
}

interface RowProps {
  conversation: Conversation;
  title: string;
  avatar: string | null;
  online: boolean;
}

function ConversationRow({ conversation, title, avatar, online }: RowProps) {
  const unread = conversation.unreadCount;
  const muted = useMutesStore((s) => s.muted.has(conversation.id));
  // Something typed here and not sent yet.
  const draft = useDraftsStore((s) => hasDraftIn(s.drafts, conversation.id));
  const presence = conversation.type === 'direct' ? (online ? ', online' : ', offline') : '';
  return (
    <li>
      <NavLink
        to={conversationPath(conversation)}
        aria-label={`${title}${unread > 0 ? `, ${unread} unread` : ''}${presence}${muted ? ', muted' : ''}${draft ? ', draft' : ''}`}
        className={({ isActive }) =>
          `flex min-h-10 items-center gap-2 rounded-lg px-3 py-1.5 text-sm ${
            isActive
              ? 'bg-brand-50 font-semibold text-brand-800'
              : unread > 0
                ? 'font-semibold text-slate-900 hover:bg-slate-100'
                : 'text-slate-700 hover:bg-slate-100'
          }`
        }
      >
        {conversation.type === 'channel' ? (
          <Hash className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
        ) : (
          <span className="relative shrink-0">
            <UserAvatar name={title} src={avatar} className="h-6 w-6 text-[10px]" />
            <span
              className={`absolute -bottom-0.5 -right-0.5 h-2.5 w-2.5 rounded-full border-2 border-white ${online ? 'bg-emerald-500' : 'bg-slate-300'}`}
            />
          </span>
        )}
        <span className="min-w-0 truncate">{title}</span>
        {conversation.metadata.adminHidden ? <span className="text-xs text-slate-600">(hidden)</span> : null}
        {muted ? (
          <BellOff
            className="h-3.5 w-3.5 shrink-0 text-slate-400"
            aria-hidden="true"
            data-testid="muted-icon"
          />
        ) : null}
        {draft ? (
          <PencilLine
            className="h-3.5 w-3.5 shrink-0 text-brand-700"
            aria-hidden="true"
            data-testid="draft-mark"
          />
        ) : null}
        <UnreadBadge count={unread} />
      </NavLink>
    </li>
  );
}

export function ConversationSidebar() {
  const viewingAs = useAuthStore((s) => s.viewer !== null);
  return viewingAs ? <NotWhileViewingAs /> : <ConversationList />;
}

/** the list the server refuses while viewing as someone, said plainly, not awaited. */
function NotWhileViewingAs() {
  return (
    <section aria-labelledby="conversations-heading" className="px-3">
      <h2
        id="conversations-heading"
        className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500"
      >
        Conversations
      </h2>
      <p role="note" className="mt-1 px-3 py-1 text-sm text-slate-600">
        {TEXTS.viewingAsNoConversations}
      </p>
    </section>
  );
}

function ConversationList() {
  const conversations = useConversationsStore((s) => s.conversations);
  const loaded = useConversationsStore((s) => s.loaded);
  const online = useConversationsStore((s) => s.online);
  const users = useUsersStore((s) => s.byId);
  const meId = useAuthStore((s) => s.user?.id ?? null);
  const [filter, setFilter] = useState('');
  const [dialog, setDialog] = useState<ChatDialog>(null);

  const { channels, directs } = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const rows = conversations
      .map((c) => {
        const other = c.type === 'direct' ? otherParticipant(c, meId) : null;
        return {
          conversation: c,
          title: conversationTitle(c, meId, users),
          avatar: other ? (users[other]?.avatar ?? null) : null,
          online: other !== null && online.has(other),
        };
      })
      .filter((row) => !q || row.title.toLowerCase().includes(q));
    return {
      channels: rows.filter((r) => r.conversation.type === 'channel'),
      directs: rows.filter((r) => r.conversation.type === 'direct'),
    };
  }, [conversations, filter, meId, users, online]);

  const heading =
    'flex items-center justify-between px-3 text-xs font-semibold uppercase tracking-wide text-slate-500';
  const addButton = 'rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800';

  return (
    <section aria-labelledby="conversations-heading" className="space-y-4 px-3">
      <h2 id="conversations-heading" className="sr-only">
        Conversations
      </h2>
      <input
        type="search"
        aria-label="Filter conversations"
        placeholder="Filter conversations"
        className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      {!loaded ? (
        <div className="flex justify-center py-4 text-slate-400">
          <Spinner />
          <span className="sr-only">Loading conversations</span>
        </div>
      ) : null}
      <div>
        <div className={heading}>
          <h3>Channels</h3>
          <button
            type="button"
            className={addButton}
            onClick={() => setDialog('channel')}
            aria-label="New channel"
            title="New channel"
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
        <ul className="mt-1 space-y-0.5" aria-label="Channels">
          {channels.map((row) => (
            <ConversationRow key={row.conversation.id} {...row} />
          ))}
          {loaded && channels.length === 0 ? (
            <li className="px-3 py-1 text-sm text-slate-500">No channels{filter ? ' match' : ' yet'}.</li>
          ) : null}
        </ul>
        <button
          type="button"
          className="mt-0.5 flex min-h-10 w-full items-center gap-2 rounded-lg px-3 py-1.5 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          onClick={() => setDialog('browse')}
          aria-haspopup="dialog"
        >
          <Compass className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
          Browse channels
        </button>
      </div>
      <div>
        <div className={heading}>
          <h3>Direct messages</h3>
          <button
            type="button"
            className={addButton}
            onClick={() => setDialog('direct')}
            aria-label="New direct message"
            title="New direct message"
          >
            <MessageSquarePlus className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
        <ul className="mt-1 space-y-0.5" aria-label="Direct messages">
          {directs.map((row) => (
            <ConversationRow key={row.conversation.id} {...row} />
          ))}
          {loaded && directs.length === 0 ? (
            <li className="px-3 py-1 text-sm text-slate-500">
              No direct messages{filter ? ' match' : ' yet'}.
            </li>
          ) : null}
        </ul>
      </div>
      <ChatDialogs open={dialog} onChange={setDialog} />
    </section>
  );
}
