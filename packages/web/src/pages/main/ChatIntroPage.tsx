/** Shown when no conversation is open. Until its feature lands it shows a designed empty state. */
import { MessagesSquare } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState.tsx';

export default function ChatIntroPage() {
  return (
    <EmptyState
      icon={MessagesSquare}
      title="Welcome to your community chat"
      description="Pick a channel or a neighbour from the list to start talking; your conversations will show up here."
    />
  );
}
