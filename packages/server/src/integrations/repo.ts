import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  conversations,
  integrationItems,
  integrations,
  type IntegrationRow,
  type NewIntegration,
} from '../db/schema/index.ts';

/** An integration with the name of the channel it feeds. */
export type IntegrationView = IntegrationRow & { conversationName: string };

const viewColumns = { row: integrations, conversationName: conversations.name };

const toView = ({
  row,
  conversationName,
}: {
  row: IntegrationRow;
  conversationName: string;
}): IntegrationView => ({
  ...row,
  conversationName,
});

export async function listIntegrations(db: DbOrTx): Promise<IntegrationView[]> {
  const rows = await db
    .select(viewColumns)
    .from(integrations)
    .innerJoin(conversations, eq(conversations.id, integrations.conversationId))
    .orderBy(asc(conversations.name), asc(integrations.createdAt), asc(integrations.id));
  return rows.map(toView);
}

export async function findIntegrationView(db: DbOrTx, id: string): Promise<IntegrationView | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(integrations)
    .innerJoin(conversations, eq(conversations.id, integrations.conversationId))
    .where(eq(integrations.id, id));
  return row ? toView(row) : undefined;
}

export async function findIntegration(db: DbOrTx, id: string): Promise<IntegrationRow | undefined> {
  const [row] = await db.select().from(integrations).where(eq(integrations.id, id));
  return row;
}

export async function insertIntegration(db: DbOrTx, values: NewIntegration): Promise<IntegrationRow> {
  const [row] = await db.insert(integrations).values(values).returning();
  if (!row) throw new Error('inserting an integration returned nothing');
  return row;
}

export type IntegrationPatch = Partial<
  Pick<
    IntegrationRow,
    | 'name'
    | 'conversationId'
    | 'url'
    | 'paused'
    | 'secretHash'
    | 'etag'
    | 'lastModified'
    | 'lastPolledAt'
    | 'nextPollAt'
    | 'lastActivityAt'
    | 'lastError'
  >
>;

export async function updateIntegration(
  db: DbOrTx,
  id: string,
  patch: IntegrationPatch,
): Promise<IntegrationRow | undefined> {
  const [row] = await db
    .update(integrations)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(integrations.id, id))
    .returning();
  return row;
}

/** What the poller writes after a fetch: it does not count as an admin's change. */
export async function recordPoll(db: DbOrTx, id: string, patch: IntegrationPatch): Promise<void> {
  await db.update(integrations).set(patch).where(eq(integrations.id, id));
}

export async function deleteIntegration(db: DbOrTx, id: string): Promise<IntegrationRow | undefined> {
  const [row] = await db.delete(integrations).where(eq(integrations.id, id)).returning();
  return row;
}

/**
 * R-INTEG-6: claims the feeds due for a fetch by moving their next poll `intervalSeconds` ahead, so
 * another instance polling at the same moment skips them (SKIP LOCKED) and none is fetched twice.
 */
export async function claimDueFeeds(
  db: DbOrTx,
  intervalSeconds: number,
  limit: number,
): Promise<IntegrationRow[]> {
  const due = db
    .select({ id: integrations.id })
    .from(integrations)
    .where(
      and(
        eq(integrations.paused, false),
        ne(integrations.type, 'webhook'),
        lte(integrations.nextPollAt, sql`now()`),
      ),
    )
    .orderBy(asc(integrations.nextPollAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(integrations)
    .set({ nextPollAt: sql`now() + make_interval(secs => ${intervalSeconds})` })
    .where(inArray(integrations.id, due))
    .returning();
}

/** The keys among `keys` this integration has already seen. */
export async function seenItemKeys(db: DbOrTx, integrationId: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: integrationItems.itemKey })
    .from(integrationItems)
    .where(and(eq(integrationItems.integrationId, integrationId), inArray(integrationItems.itemKey, keys)));
  return new Set(rows.map((r) => r.key));
}

export async function rememberItems(db: DbOrTx, integrationId: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insert(integrationItems)
    .values(keys.map((itemKey) => ({ integrationId, itemKey })))
    .onConflictDoNothing();
}

export async function hasItems(db: DbOrTx, integrationId: string): Promise<boolean> {
  const [row] = await db
    .select({ key: integrationItems.itemKey })
    .from(integrationItems)
    .where(eq(integrationItems.integrationId, integrationId))
    .limit(1);
  return row !== undefined;
}
