/** conversations/channel/:conversationId and conversations/direct/:conversationId. */
import { EyeOff, MessageCircleOff } from 'lucide-react';
import { startTransition, useEffect, useLayoutEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Composer } from '../../components/chat/Composer.tsx';
import { ConnectionBanner } from '../../components/chat/ConnectionBanner.tsx';
import { ConversationHeader } from '../../components/chat/ConversationHeader.tsx';
import { MessageList } from '../../components/chat/MessageList.tsx';
import { TypingIndicator } from '../../components/chat/TypingIndicator.tsx';
import { messageIdFromHash } from '@stoop/shared/web-paths';
import { TEXTS } from '@stoop/shared/texts';
import { useMessageJump } from '../../components/chat/use-message-jump.ts';
import { loadMarkdown } from '../../components/chat/use-markdown.ts';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { isApiError } from '../../services/api-error.ts';
import { joinConversation } from '../../realtime/socket.ts';
import { dismissFirstView } from '../../services/ui/first-view.ts';
import { toast } from '../../services/ui/toast.ts';
import { useActivityStore } from '../../stores/activity.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { useMessagesStore } from '../../stores/messages.ts';

export default function ConversationPage() {
  const viewingAs = useAuthStore((s) => s.viewer !== null);
  return viewingAs ? <NotWhileViewingAs /> : <ConversationView />;
}

/**
 * an admin viewing as someone reads none of their conversations, so the
 * page says so at once rather than wait for a list and messages the server refuses.
 */
function NotWhileViewingAs() {
  useLayoutEffect(() => dismissFirstView(), []);
  return (
    <EmptyState
      icon={EyeOff}
      title={TEXTS.viewingAsNoConversationsTitle}
      description={TEXTS.viewingAsNoConversations}
    />
  );
}

function ConversationView() {
  const { conversationId = '' } = useParams();
  const conversation = useConversationsStore(
    (s) => s.conversations.find((c) => c.id === conversationId) ?? null,
  );
  const cache = useMessagesStore((s) => s.cache.conversations[conversationId]);
  const loading = useMessagesStore((s) => s.loading[conversationId] === true);
  // Start-up in pieces: a conversation that arrives after the page mounted (the list on a page load)
  // mounts its header, rows and composer in a transition, which React renders in slices; the store
  // change alone would render them in one piece. Later changes render as they come.
  const [shown, setShown] = useState(conversation !== null);
  useEffect(() => {
    if (conversation && !shown) startTransition(() => setShown(true));
  }, [conversation, shown]);
  const meId = useAuthStore((s) => s.user?.id ?? null);
  const activeConversationId = useConversationsStore((s) => s.activeConversationId);
  const [notFound, setNotFound] = useState<string | null>(null);
  const { hash, key: locationKey } = useLocation();
  const jump = useMessageJump(conversationId, messageIdFromHash(hash), locationKey);

  // The markdown renderer is its own chunk: fetch it alongside the messages.
  useEffect(() => void loadMarkdown().catch(() => undefined), []);

  useEffect(() => {
    if (!conversationId) return;
    const conversations = useConversationsStore.getState();
    // The guard activates on navigation; this keeps a direct mount (tests, hot reload) consistent.
    if (conversations.activeConversationId !== conversationId)
      conversations.setActiveConversation(conversationId);
    else conversations.markRead(conversationId);
    useMessagesStore.getState().touchConversation(conversationId);
    useMessagesStore
      .getState()
      .loadMessages(conversationId)
      .then(() => setNotFound(null))
      .catch((error: unknown) => {
        if (isApiError(error) && error.status === 404) setNotFound(conversationId);
        else {
          dismissFirstView();
          toast.error(isApiError(error) ? error.message : 'Could not load the messages.');
        }
      });
  }, [conversationId]);

  // Record the visit, and watch a channel the resident is not a member of yet.
  const type = conversation?.type ?? null;
  const isMember = conversation !== null && meId !== null && conversation.participants.includes(meId);
  useEffect(() => {
    if (!type) return;
    useActivityStore.getState().record(conversationId, type);
    if (type === 'channel' && !isMember) void joinConversation(conversationId);
  }, [conversationId, type, isMember]);

  // The server's first view gives way once this page shows the messages, or why not.
  const settled =
    notFound === conversationId || (shown && conversation !== null && cache !== undefined && !loading);
  useLayoutEffect(() => {
    if (settled) dismissFirstView();
  }, [settled]);

  if (notFound === conversationId) {
    return (
      <EmptyState
        icon={MessageCircleOff}
        title="Conversation not found"
        description="It may have been deleted, or you no longer have access to it."
      />
    );
  }

  if (!conversation || !shown) {
    return (
      <div className="flex h-full items-center justify-center text-slate-400">
        <Spinner />
        <span className="sr-only">Loading conversation</span>
      </div>
    );
  }

  const participantIds = conversation.type === 'direct' ? conversation.participants : [];
  return (
    <div className="flex h-full min-h-0 flex-col bg-white">
      <ConversationHeader conversation={conversation} />
      <ConnectionBanner />
      {jump.status === 'searching' ? (
        <p
          role="status"
          className="flex items-center justify-center gap-2 border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-xs text-slate-600"
        >
          <Spinner className="h-3.5 w-3.5" /> Finding the message…
        </p>
      ) : null}
      <MessageList
        key={conversationId}
        jumpTarget={jump.status === 'found' ? jump.target : null}
        messages={cache?.messages ?? []}
        hasMore={cache?.hasMore ?? false}
        hasNewer={cache?.hasNewer ?? false}
        generation={cache?.generation ?? 0}
        loading={loading || !cache}
        onLoadOlder={() =>
          void useMessagesStore
            .getState()
            .loadOlder(conversationId)
            .catch(() => toast.error('Could not load older messages.'))
        }
        onLoadNewer={() =>
          void useMessagesStore
            .getState()
            .loadNewer(conversationId)
            .catch(() => toast.error('Could not load newer messages.'))
        }
        onJumpToNewest={() =>
          void useMessagesStore
            .getState()
            .loadMessages(conversationId)
            .catch(() => toast.error('Could not load the newest messages.'))
        }
      />
      <TypingIndicator conversationId={conversationId} />
      <Composer
        conversationId={activeConversationId === conversationId ? conversationId : null}
        conversationType={conversation.type}
        participantIds={participantIds}
      />
    </div>
  );
}
