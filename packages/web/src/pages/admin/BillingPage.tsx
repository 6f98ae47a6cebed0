/**
 * /admin_dashboard/billing for every signed-in user: the plan, the usage against its
 * limits as bars, the plain notice that no payment processor is connected, and for admins the
 * control that changes the plan.
 */
import { useState, type FormEvent } from 'react';
import type { BillingResponse, PlanId } from '@stoop/shared';
import { PLAN_IDS, PLANS } from '@stoop/shared/plans';
import { TEXTS } from '@stoop/shared/texts';
import { Button } from '../../components/ui/Button.tsx';
import { formatBytes, formatCount } from '../../components/stats/format.ts';
import { ErrorState, LoadingState } from '../../components/ui/LoadStates.tsx';
import { UsageBar } from '../../components/stats/UsageBar.tsx';
import { useLoad } from '../../components/stats/useLoad.ts';
import { changePlan, fetchBilling } from '../../stores/admin-stats.ts';
import { toast } from '../../services/ui/toast.ts';
import { useAuthStore } from '../../stores/auth.ts';

function monthName(iso: string): string {
  return new Date(iso).toLocaleDateString('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function limitsLine(id: PlanId): string {
  const { limits } = PLANS[id];
  return `${formatCount(limits.residents)} residents · ${formatBytes(limits.storageBytes)} · ${formatCount(limits.messagesPerMonth)} messages a month`;
}

function PlanChooser({
  current,
  onChanged,
}: {
  current: PlanId;
  onChanged: (billing: BillingResponse) => void;
}) {
  const [chosen, setChosen] = useState<PlanId>(current);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const billing = await changePlan(chosen);
      onChanged(billing);
      toast.success(TEXTS.billingPlanChanged(billing.plan.name));
    } catch {
      toast.error(TEXTS.billingPlanChangeFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-label="Change plan"
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <fieldset>
        <legend className="text-base font-semibold text-slate-900">Change plan</legend>
        <p className="text-sm text-slate-600">Admins only. The new limits apply at once.</p>
        <div className="mt-3 flex flex-col gap-2">
          {PLAN_IDS.map((id) => (
            <label
              key={id}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 ${
                chosen === id ? 'border-brand-600 bg-brand-50' : 'border-slate-200'
              }`}
            >
              <input
                type="radio"
                name="plan"
                value={id}
                checked={chosen === id}
                onChange={() => setChosen(id)}
                className="mt-1 h-4 w-4 accent-[var(--accent)]"
              />
              <span className="min-w-0">
                <span className="block text-sm font-medium text-slate-900">
                  {PLANS[id].name}
                  {id === current ? <span className="font-normal text-slate-600"> (current)</span> : null}
                </span>
                <span className="block text-xs text-slate-600">{PLANS[id].description}</span>
                <span className="block text-xs text-slate-600">{limitsLine(id)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" className="mt-3" busy={busy} disabled={chosen === current}>
        Save plan
      </Button>
    </form>
  );
}

function Billing({
  billing,
  isAdmin,
  onChanged,
}: {
  billing: BillingResponse;
  isAdmin: boolean;
  onChanged: (b: BillingResponse) => void;
}) {
  const { plan, usage } = billing;
  return (
    <>
      <section className="rounded-xl border border-slate-200 bg-white p-4" aria-labelledby="plan-heading">
        <p className="text-sm text-slate-600">Current plan</p>
        <h2 id="plan-heading" className="text-xl font-semibold text-slate-900">
          {plan.name}
        </h2>
        <p className="text-sm text-slate-600">{plan.description}</p>
        <p className="mt-1 text-xs text-slate-500">
          {billing.source === 'database' ? 'Chosen by an admin.' : 'Set in the server configuration.'}
        </p>
      </section>

      <p role="note" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
        {TEXTS.billingNoPaymentProcessor}
      </p>

      <section className="rounded-xl border border-slate-200 bg-white p-4" aria-labelledby="usage-heading">
        <h2 id="usage-heading" className="text-base font-semibold text-slate-900">
          Usage
        </h2>
        <p className="text-sm text-slate-600">
          Messages count from the start of {monthName(usage.monthStart)} (UTC).
        </p>
        <div className="mt-4 flex flex-col gap-5">
          <UsageBar
            label="Residents"
            used={usage.residents}
            limit={plan.limits.residents}
            format={formatCount}
          />
          <UsageBar
            label="Storage"
            used={usage.storageBytes}
            limit={plan.limits.storageBytes}
            format={formatBytes}
          />
          <UsageBar
            label="Messages this month"
            used={usage.messagesThisMonth}
            limit={plan.limits.messagesPerMonth}
            format={formatCount}
          />
        </div>
      </section>

      {isAdmin ? <PlanChooser key={plan.id} current={plan.id} onChanged={onChanged} /> : null}
    </>
  );
}

export default function BillingPage() {
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  const { state, reload, set } = useLoad(fetchBilling);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4 sm:p-6">
      <header>
        <h1 className="text-lg font-semibold text-slate-900">Billing</h1>
        <p className="text-sm text-slate-600">Your community&apos;s plan and how much of it is used.</p>
      </header>
      {state.status === 'loading' ? (
        <LoadingState label="Loading billing…" />
      ) : state.status === 'error' ? (
        <ErrorState message={TEXTS.billingLoadFailed} detail={state.message} onRetry={reload} />
      ) : (
        <Billing billing={state.data} isAdmin={isAdmin} onChanged={set} />
      )}
    </div>
  );
}
