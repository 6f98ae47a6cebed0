import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PlanId } from '@stoop/shared';
import { users } from './auth.ts';

/**
 * R-BILL-3 The plan an admin chose: at most one row (id 1). Without a row the plan comes from
 * STOOP_PLAN, so an admin's choice in the database overrides the configuration.
 */
export const billingPlan = pgTable(
  'billing_plan',
  {
    id: smallint('id').primaryKey().default(1),
    plan: text('plan').$type<PlanId>().notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('billing_plan_single_row', sql`${t.id} = 1`)],
);
