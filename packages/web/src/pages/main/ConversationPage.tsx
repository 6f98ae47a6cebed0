/** Channel and direct chat screen (conversations/channel|direct/:conversationId). Until its feature lands it shows a designed empty state. */
import { MessageCircle } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState.tsx';

export default function ConversationPage() {
  return (
    <EmptyState
      icon={MessageCircle}
      title="Conversation"
      description="The messages of this channel or direct chat will appear here, newest at the bottom."
    />
  );
}
