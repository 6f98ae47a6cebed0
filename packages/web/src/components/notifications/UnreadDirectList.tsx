/** The bell panel's first part: direct conversations with unread messages, each a link. */
import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { useAuthStore } from '../../stores/auth.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { useMutesStore } from '../../stores/mutes.ts';
import { useUsersStore } from '../../stores/users.ts';
import { conversationPath, conversationTitle } from '../chat/chat-hooks.ts';

export function UnreadDirectList({ onOpen }: { onOpen: () => void }) {
  const conversations = useConversationsStore((s) => s.conversations);
  const muted = useMutesStore((s) => s.muted);
  const users = useUsersStore((s) => s.byId);
  const meId = useAuthStore((s) => s.user?.id ?? null);
  const unread = conversations.filter((c) => c.type === 'direct' && c.unreadCount > 0 && !muted.has(c.id));
  if (unread.length === 0) return null;
  return (
    <ul
      className="shrink-0 divide-y divide-slate-100 border-b border-slate-200"
      aria-label="Unread direct messages"
    >
      {unread.map((conversation) => {
        const title = conversationTitle(conversation, meId, users);
        const count = conversation.unreadCount;
        return (
          <li key={conversation.id}>
            <Link
              to={conversationPath(conversation)}
              onClick={onOpen}
              className="flex items-center gap-3 bg-brand-50 px-4 py-3 text-sm text-slate-900 hover:bg-brand-100"
            >
              <MessageCircle className="h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
              <span className="min-w-0 flex-1 truncate">
                <span className="font-semibold">{title}</span> sent you{' '}
                {count === 1 ? 'a message' : `${count} messages`}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
