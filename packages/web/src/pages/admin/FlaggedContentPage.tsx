/** Admin: review flagged content. Until its feature lands it shows a designed empty state. */
import { Flag } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState.tsx';

export default function FlaggedContentPage() {
  return (
    <EmptyState
      icon={Flag}
      title="Nothing has been flagged"
      description="Messages and channels that residents or admins flag will be queued here for review."
    />
  );
}
