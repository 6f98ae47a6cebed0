/** Admin: approve new residents. Until its feature lands it shows a designed empty state. */
import { UserCheck } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState.tsx';

export default function UserApprovalPage() {
  return (
    <EmptyState
      icon={UserCheck}
      title="No one is waiting for approval"
      description="New residents who sign up will be listed here for you to approve or lock."
    />
  );
}
