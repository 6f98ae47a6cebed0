/**
 * Conversation header: name, description, the mute toggle, details link, and for admins
 * the channel menu (loaded on first use).
 */
import { Bell, BellOff, Hash, Info, MoreVertical } from 'lucide-react';
import { lazy, Suspense, type ComponentProps } from 'react';
import { Link } from 'react-router';
import type { Conversation } from '@stoop/shared';
import { DASHBOARD_PATHS } from '../../navigation/paths.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { useMutesStore } from '../../stores/mutes.ts';
import { useLazyTrigger } from '../ui/lazy-menu.ts';
import { memberCountText } from './channel-directory.ts';
import { otherParticipant, useConversationTitle } from './chat-hooks.ts';

const loadAdminMenu = () => import('./ChannelAdminMenu.tsx');
const ChannelAdminMenu = lazy(loadAdminMenu);

function AdminMenuButton(props: ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      className="rounded-md p-2 text-slate-500 hover:bg-slate-100"
      aria-label="Channel admin actions"
      {...props}
    >
      <MoreVertical className="h-5 w-5" aria-hidden="true" />
    </button>
  );
}

/** The admin's channel menu: a plain button until first pressed, then the Radix menu (its own chunk). */
function AdminMenu({ conversation }: { conversation: Conversation }) {
  const { armed, triggerProps } = useLazyTrigger(loadAdminMenu);
  if (!armed) return <AdminMenuButton aria-expanded={false} {...triggerProps} />;
  return (
    <Suspense fallback={<AdminMenuButton aria-expanded={false} />}>
      <ChannelAdminMenu conversation={conversation} trigger={<AdminMenuButton />} />
    </Suspense>
  );
}

export function ConversationHeader({ conversation }: { conversation: Conversation }) {
  const title = useConversationTitle(conversation);
  const me = useAuthStore((s) => s.user);
  const online = useConversationsStore((s) => s.online);
  const isChannel = conversation.type === 'channel';
  const other = isChannel ? null : otherParticipant(conversation, me?.id ?? null);
  const flagged = conversation.metadata.adminFlaggedBy.length > 0;
  const muted = useMutesStore((s) => s.muted.has(conversation.id));
  const setMuted = useMutesStore((s) => s.setMuted);

  return (
    <header className="flex min-h-14 items-center gap-3 border-b border-slate-200 bg-white px-3 py-2 sm:px-4">
      {isChannel ? <Hash className="h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" /> : null}
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-base font-semibold text-slate-900">
          {title}
          {flagged ? (
            <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800">
              Flagged
            </span>
          ) : null}
          {conversation.metadata.adminHidden ? (
            <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-700">
              Hidden
            </span>
          ) : null}
        </h1>
        <p className="truncate text-xs text-slate-500">
          {isChannel
            ? conversation.description || memberCountText(conversation.participants.length)
            : other && online.has(other)
              ? 'Online'
              : 'Offline'}
        </p>
      </div>
      <button
        type="button"
        className="rounded-md p-2 text-slate-500 hover:bg-slate-100"
        aria-label="Mute conversation"
        aria-pressed={muted}
        title={muted ? 'Muted: no notifications. Select to unmute.' : 'Mute notifications'}
        onClick={() => void setMuted(conversation.id, !muted)}
      >
        {muted ? (
          <BellOff className="h-5 w-5" aria-hidden="true" />
        ) : (
          <Bell className="h-5 w-5" aria-hidden="true" />
        )}
      </button>
      <Link
        to={DASHBOARD_PATHS.conversationDetails(conversation.id)}
        className="rounded-md p-2 text-slate-500 hover:bg-slate-100"
        aria-label="Conversation details"
      >
        <Info className="h-5 w-5" aria-hidden="true" />
      </Link>
      {/* The server says whether this reader moderates the channel. */}
      {conversation.abilities?.moderate ? <AdminMenu conversation={conversation} /> : null}
    </header>
  );
}
