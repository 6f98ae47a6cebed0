import { PLANS, type BillingResponse, type PlanId } from '@stoop/shared';
import { recordAudit } from '../audit/service.ts';
import type { Context } from '../context.ts';
import type { UserRow } from '../db/schema/index.ts';
import { currentUsage } from '../stats/service.ts';
import { inTransaction } from '../transaction.ts';
import * as repo from './repo.ts';

type BillingContext = Pick<Context, 'db' | 'bus' | 'config'>;

/** R-BILL-3: an admin's stored choice wins over STOOP_PLAN. */
async function planInForce(ctx: BillingContext): Promise<{ id: PlanId; source: BillingResponse['source'] }> {
  const stored = await repo.storedPlan(ctx.db);
  return stored ? { id: stored, source: 'database' } : { id: ctx.config.STOOP_PLAN, source: 'config' };
}

/** GET /api/billing: the plan with its limits and the usage against them. */
export async function billingOverview(ctx: BillingContext): Promise<BillingResponse> {
  const [plan, usage] = await Promise.all([planInForce(ctx), currentUsage(ctx)]);
  return { plan: PLANS[plan.id], source: plan.source, usage };
}

/** PUT /api/billing/plan (admins): stored and audited in one transaction (R-BILL-3, R-ADMIN-4). */
export async function changePlan(
  ctx: BillingContext,
  admin: UserRow,
  plan: PlanId,
): Promise<BillingResponse> {
  await inTransaction(ctx, async (tx) => {
    const before = (await repo.storedPlan(tx)) ?? ctx.config.STOOP_PLAN;
    await repo.storePlan(tx, plan, admin.id);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'billing.plan',
      targetUserId: null,
      details: { from: before, to: plan },
    });
  });
  return billingOverview(ctx);
}
