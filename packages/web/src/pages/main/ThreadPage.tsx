/** One message with its replies. Until its feature lands it shows a designed empty state. */
import { MessageSquareReply } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState.tsx';

export default function ThreadPage() {
  return (
    <EmptyState
      icon={MessageSquareReply}
      title="Thread"
      description="The message you opened and every reply to it will be shown here."
    />
  );
}
