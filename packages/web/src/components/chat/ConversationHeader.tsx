/** Conversation header: name, description, details link, and for admins the channel menu (R-CONV-2). */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { EyeOff, Flag, FlagOff, Hash, Info, MoreVertical } from 'lucide-react';
import { Link } from 'react-router';
import type { Conversation } from '@stoop/shared';
import { DASHBOARD_PATHS } from '../../navigation/paths.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { otherParticipant, useConversationTitle } from './chat-hooks.ts';

const item =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100';

export function ConversationHeader({ conversation }: { conversation: Conversation }) {
  const title = useConversationTitle(conversation);
  const me = useAuthStore((s) => s.user);
  const online = useConversationsStore((s) => s.online);
  const adminChannel = useConversationsStore((s) => s.adminChannel);
  const isChannel = conversation.type === 'channel';
  const other = isChannel ? null : otherParticipant(conversation, me?.id ?? null);
  const flagged = conversation.metadata.adminFlaggedBy.length > 0;

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
            ? conversation.description || `${conversation.participants.length} members`
            : other && online.has(other)
              ? 'Online'
              : 'Offline'}
        </p>
      </div>
      <Link
        to={DASHBOARD_PATHS.conversationDetails(conversation.id)}
        className="rounded-md p-2 text-slate-500 hover:bg-slate-100"
        aria-label="Conversation details"
      >
        <Info className="h-5 w-5" aria-hidden="true" />
      </Link>
      {isChannel && me?.role === 'admin' ? (
        <DropdownMenu.Root>
          <DropdownMenu.Trigger
            className="rounded-md p-2 text-slate-500 hover:bg-slate-100"
            aria-label="Channel admin actions"
          >
            <MoreVertical className="h-5 w-5" aria-hidden="true" />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="end"
              sideOffset={4}
              className="z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
            >
              {flagged ? (
                <DropdownMenu.Item
                  className={item}
                  onSelect={() => void adminChannel(conversation.id, 'unflag')}
                >
                  <FlagOff className="h-4 w-4" aria-hidden="true" /> Unflag channel
                </DropdownMenu.Item>
              ) : (
                <DropdownMenu.Item
                  className={item}
                  onSelect={() => void adminChannel(conversation.id, 'flag')}
                >
                  <Flag className="h-4 w-4" aria-hidden="true" /> Flag channel
                </DropdownMenu.Item>
              )}
              <DropdownMenu.Item className={item} onSelect={() => void adminChannel(conversation.id, 'hide')}>
                <EyeOff className="h-4 w-4" aria-hidden="true" />{' '}
                {conversation.metadata.adminHidden ? 'Unhide channel' : 'Hide channel'}
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      ) : null}
    </header>
  );
}
