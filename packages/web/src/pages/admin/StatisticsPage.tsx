/** Statistics for every signed-in user. Until its feature lands it shows a designed empty state. */
import { BarChart3 } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState.tsx';

export default function StatisticsPage() {
  return (
    <EmptyState
      icon={BarChart3}
      title="Community statistics"
      description="Numbers on residents, conversations and messages in your community will be charted here."
    />
  );
}
