/** Integrations screen. Until its feature lands it shows a designed empty state. */
import { PlugZap } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState.tsx';

export default function ConnectDataSourcesPage() {
  return (
    <EmptyState
      icon={PlugZap}
      title="Connect data sources"
      description="Calendars, building notices and other services you link to Stoop will be listed here."
    />
  );
}
