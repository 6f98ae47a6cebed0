/** Details of one conversation. Until its feature lands it shows a designed empty state. */
import { Info } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState.tsx';

export default function ConversationDetailsPage() {
  return (
    <EmptyState
      icon={Info}
      title="Conversation details"
      description="The members, description and shared files of this conversation will be shown here."
    />
  );
}
