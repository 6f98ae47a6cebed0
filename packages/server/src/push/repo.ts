import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { PushPlatform } from '@stoop/shared';
import type { DbOrTx } from '../db/client.ts';
import {
  pushJobs,
  pushTokens,
  type PushJobRow,
  type PushPayload,
  type PushTokenRow,
} from '../db/schema/index.ts';

// ---- tokens ----

export async function findTokenByValue(db: DbOrTx, token: string): Promise<PushTokenRow | undefined> {
  const [row] = await db.select().from(pushTokens).where(eq(pushTokens.token, token)).limit(1);
  return row;
}

/** Inserts the token, or moves an existing one (same value) to this user and session. */
export async function upsertToken(
  db: DbOrTx,
  values: { userId: string; platform: PushPlatform; token: string; sessionId: string | null },
): Promise<PushTokenRow> {
  const [row] = await db
    .insert(pushTokens)
    .values(values)
    .onConflictDoUpdate({
      target: pushTokens.token,
      set: { userId: values.userId, platform: values.platform, sessionId: values.sessionId, failures: 0 },
    })
    .returning();
  if (!row) throw new Error('upsert into push_tokens returned no row');
  return row;
}

export async function deleteUserToken(db: DbOrTx, userId: string, token: string): Promise<number> {
  const rows = await db
    .delete(pushTokens)
    .where(and(eq(pushTokens.userId, userId), eq(pushTokens.token, token)))
    .returning({ id: pushTokens.id });
  return rows.length;
}

/** R-PUSH-13: the tokens of one platform that one session (one device's sign-in) registered. */
export async function deleteSessionTokens(
  db: DbOrTx,
  userId: string,
  sessionId: string,
  platform: PushPlatform,
): Promise<number> {
  const rows = await db
    .delete(pushTokens)
    .where(
      and(
        eq(pushTokens.userId, userId),
        eq(pushTokens.sessionId, sessionId),
        eq(pushTokens.platform, platform),
      ),
    )
    .returning({ id: pushTokens.id });
  return rows.length;
}

export async function deleteAllUserTokens(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .delete(pushTokens)
    .where(eq(pushTokens.userId, userId))
    .returning({ id: pushTokens.id });
  return rows.length;
}

/** Removes the token `id` only when it is `userId`'s: another user's id removes nothing. */
export async function deleteUserTokenById(db: DbOrTx, userId: string, id: string): Promise<number> {
  const rows = await db
    .delete(pushTokens)
    .where(and(eq(pushTokens.userId, userId), eq(pushTokens.id, id)))
    .returning({ id: pushTokens.id });
  return rows.length;
}

export async function deleteTokenById(db: DbOrTx, id: string): Promise<void> {
  await db.delete(pushTokens).where(eq(pushTokens.id, id));
}

export async function tokensOfUser(db: DbOrTx, userId: string): Promise<PushTokenRow[]> {
  return db.select().from(pushTokens).where(eq(pushTokens.userId, userId)).orderBy(asc(pushTokens.createdAt));
}

export async function markTokenUsed(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(pushTokens).set({ lastUsedAt: at, failures: 0 }).where(eq(pushTokens.id, id));
}

export async function markTokenFailed(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(pushTokens)
    .set({ failures: sql`${pushTokens.failures} + 1` })
    .where(eq(pushTokens.id, id));
}

// ---- jobs ----

/**
 * One statement: a new job, or, when a never-attempted job of the same user and tag is waiting, that
 * job stands for one more push and shows the newest one's text (the burst collapses).
 */
export async function insertOrCollapseJob(
  db: DbOrTx,
  values: { userId: string; payload: PushPayload; nextAttemptAt: Date },
): Promise<void> {
  await db
    .insert(pushJobs)
    .values({ ...values, tag: values.payload.tag ?? null })
    .onConflictDoUpdate({
      target: [pushJobs.userId, pushJobs.tag],
      targetWhere: sql`${pushJobs.attempts} = 0`,
      set: {
        count: sql`${pushJobs.count} + 1`,
        payload: sql`excluded.payload`,
      },
    });
}

/**
 * Claims up to `limit` due jobs for `leaseMs`: SKIP LOCKED lets several instances claim side by side,
 * and the lease hands a job back if its instance dies mid-send. Claiming counts an attempt.
 */
export async function claimDueJobs(
  db: DbOrTx,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<PushJobRow[]> {
  const due = db
    .select({ id: pushJobs.id })
    .from(pushJobs)
    .where(
      and(
        lte(pushJobs.nextAttemptAt, now),
        or(isNull(pushJobs.claimedUntil), lt(pushJobs.claimedUntil, now)),
      ),
    )
    .orderBy(asc(pushJobs.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(pushJobs)
    .set({
      attempts: sql`${pushJobs.attempts} + 1`,
      claimedUntil: new Date(now.getTime() + leaseMs),
    })
    .where(inArray(pushJobs.id, due))
    .returning();
}

/** When the next unclaimed job falls due (undefined: the queue is empty). */
export async function nextDueAt(db: DbOrTx): Promise<Date | undefined> {
  const [row] = await db
    .select({
      at: sql<Date | string | null>`min(coalesce(${pushJobs.claimedUntil}, ${pushJobs.nextAttemptAt}))`,
    })
    .from(pushJobs);
  return row?.at ? new Date(row.at) : undefined;
}

export async function deleteJob(db: DbOrTx, id: string): Promise<void> {
  await db.delete(pushJobs).where(eq(pushJobs.id, id));
}

export async function rescheduleJob(
  db: DbOrTx,
  id: string,
  nextAttemptAt: Date,
  retryTokenIds: string[],
): Promise<void> {
  await db
    .update(pushJobs)
    .set({ nextAttemptAt, claimedUntil: null, retryTokenIds })
    .where(eq(pushJobs.id, id));
}
