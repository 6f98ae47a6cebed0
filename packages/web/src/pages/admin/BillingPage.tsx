/** Plan and usage. Until its feature lands it shows a designed empty state. */
import { CreditCard } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState.tsx';

export default function BillingPage() {
  return (
    <EmptyState
      icon={CreditCard}
      title="Billing"
      description="Your community's plan, usage and invoices will be shown here."
    />
  );
}
