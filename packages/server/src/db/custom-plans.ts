import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client.ts';
import { PreparedPglite } from './pglite-statements.ts';

/**
 * Whether `db` plans each parameterised statement for the values bound to it. PostgreSQL does:
 * node-postgres sends a query with parameters as an unnamed statement, which the server plans for
 * its values. The embedded database does not: its statements are prepared once and planned
 * generically (openPglite).
 */
export function plansEachCall(db: Db): boolean {
  return !((db as { $client?: unknown }).$client instanceof PreparedPglite);
}

/**
 * Runs `read` where its statements are planned for their own parameter values, for a statement
 * whose best plan depends on them (search: walk the newest messages for a common word, look a rare
 * one up in its index). Where the database does so anyway (plansEachCall) `read` runs as it is,
 * with no round trip more; on the embedded database it runs in a transaction that asks for custom
 * plans (four calls into the engine in the same process, no network between them), whose
 * statements are not kept prepared, so their varying texts stay out of the statement cache.
 */
export async function withCustomPlans<T>(db: Db, read: (db: DbOrTx) => Promise<T>): Promise<T> {
  if (plansEachCall(db)) return read(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
    return read(tx);
  });
}
