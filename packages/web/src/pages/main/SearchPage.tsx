/** Message search. Until its feature lands it shows a designed empty state. */
import { Search } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState.tsx';

export default function SearchPage() {
  return (
    <EmptyState
      icon={Search}
      title="Search your messages"
      description="Messages matching your search across every conversation you can read will be listed here."
    />
  );
}
