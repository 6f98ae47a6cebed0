/**
 * thread/:messageId: the parent message, its replies and a composer that replies in the thread.
 * With no active conversation the guard has already fetched the thread and activated its
 * conversation (R-GUARD-8); loading it here also covers a thread of another conversation.
 */
import { ArrowLeft, MessageSquareOff } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Composer } from '../../components/chat/Composer.tsx';
import { MessageRow } from '../../components/chat/MessageRow.tsx';
import { conversationPath } from '../../components/chat/chat-hooks.ts';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { compareMessages, findMessage } from '../../services/chat/message-cache.ts';
import { logger } from '../../services/logger/logger.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { useMessagesStore } from '../../stores/messages.ts';
import { useOutboxStore } from '../../stores/outbox.ts';

export default function ThreadPage() {
  const { messageId = '' } = useParams();
  const [status, setStatus] = useState<{ id: string; state: 'ready' | 'error' } | null>(null);
  const parent = useMessagesStore((s) => findMessage(s.cache, messageId));
  const individual = useMessagesStore((s) => s.cache.individual);
  const sends = useOutboxStore((s) => s.sends);
  const activeConversationId = useConversationsStore((s) => s.activeConversationId);
  const conversation = useConversationsStore(
    (s) => s.conversations.find((c) => c.id === parent?.conversationId) ?? null,
  );

  useEffect(() => {
    if (!messageId) return;
    useMessagesStore
      .getState()
      .loadThread(messageId)
      .then((thread) => {
        const conversations = useConversationsStore.getState();
        if (conversations.activeConversationId !== thread.conversationId)
          conversations.setActiveConversation(thread.conversationId);
        setStatus({ id: messageId, state: 'ready' });
      })
      .catch((error: unknown) => {
        logger.error('Failed to load thread', error, { messageId });
        setStatus({ id: messageId, state: 'error' });
      });
  }, [messageId]);

  const replies = useMemo(
    () =>
      Object.values(individual)
        .filter((m) => m.parentMessageId === messageId)
        .sort(compareMessages),
    [individual, messageId],
  );

  if (status?.id === messageId && status.state === 'error' && !parent) {
    return (
      <EmptyState
        icon={MessageSquareOff}
        title="Thread not found"
        description="The message may have been deleted, or you no longer have access to it."
      />
    );
  }
  if (!parent) {
    return (
      <div className="flex h-full items-center justify-center text-slate-400">
        <Spinner />
        <span className="sr-only">Loading thread</span>
      </div>
    );
  }

  return (
    <div className="flex h-full min-h-0 flex-col bg-white">
      <header className="flex min-h-14 items-center gap-2 border-b border-slate-200 px-3 sm:px-4">
        {conversation ? (
          <Link
            to={conversationPath(conversation)}
            className="rounded-md p-2 text-slate-500 hover:bg-slate-100"
            aria-label="Back to the conversation"
          >
            <ArrowLeft className="h-5 w-5" aria-hidden="true" />
          </Link>
        ) : null}
        <h1 className="text-base font-semibold text-slate-900">Thread</h1>
        <span className="text-sm text-slate-500">
          {replies.length} {replies.length === 1 ? 'reply' : 'replies'}
        </span>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <div className="border-b border-slate-100 bg-slate-50/60">
          <MessageRow message={parent} send={undefined} showThreadLink={false} />
        </div>
        <ol aria-label="Replies">
          {replies.map((reply) => (
            <li key={reply.id}>
              <MessageRow
                message={reply}
                send={reply.clientMessageId ? sends[reply.clientMessageId] : undefined}
                showThreadLink={false}
              />
            </li>
          ))}
        </ol>
        {replies.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-500">
            No replies yet. Start the thread below.
          </p>
        ) : null}
      </div>
      <Composer
        conversationId={activeConversationId === parent.conversationId ? parent.conversationId : null}
        conversationType={conversation?.type ?? null}
        participantIds={conversation?.type === 'direct' ? conversation.participants : []}
        parentMessageId={parent.id}
        placeholder="Reply in thread"
      />
    </div>
  );
}
