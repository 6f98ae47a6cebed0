import { eq } from 'drizzle-orm';
import type { PlanId } from '@stoop/shared';
import type { DbOrTx } from '../db/client.ts';
import { billingPlan } from '../db/schema/index.ts';

const ROW_ID = 1;

/** The plan an admin stored, if any. */
export async function storedPlan(db: DbOrTx): Promise<PlanId | undefined> {
  const [row] = await db
    .select({ plan: billingPlan.plan })
    .from(billingPlan)
    .where(eq(billingPlan.id, ROW_ID));
  return row?.plan;
}

/** Stores the plan (the one row is inserted the first time, updated after). */
export async function storePlan(db: DbOrTx, plan: PlanId, updatedBy: string): Promise<void> {
  const values = { plan, updatedBy, updatedAt: new Date() };
  await db
    .insert(billingPlan)
    .values({ id: ROW_ID, ...values })
    .onConflictDoUpdate({ target: billingPlan.id, set: values });
}
