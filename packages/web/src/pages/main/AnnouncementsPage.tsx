/** Announcements for residents. Until its feature lands it shows a designed empty state. */
import { Megaphone } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState.tsx';

export default function AnnouncementsPage() {
  return (
    <EmptyState
      icon={Megaphone}
      title="No announcements yet"
      description="Notices from your building's management and admins will appear here as soon as they are posted."
    />
  );
}
