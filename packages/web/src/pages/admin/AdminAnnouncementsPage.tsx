/** Admin: write and manage announcements. Until its feature lands it shows a designed empty state. */
import { Megaphone } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState.tsx';

export default function AdminAnnouncementsPage() {
  return (
    <EmptyState
      icon={Megaphone}
      title="Post announcements"
      description="Announcements you write for every resident, pinned ones first, will be managed here."
    />
  );
}
