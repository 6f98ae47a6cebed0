/**
 * The one way a session ends (docs/decisions/0031-one-end-of-a-session.md): every
 * logout, sign-in over a session, sign-out everywhere, password change, reset link, operator reset,
 * account deletion and expiry deletes its rows here, and every lock, role change and set-user ends
 * the sockets of the state it changed here. What ended is announced after commit:
 * - by a caller with an event bus (a server): `session:ended` on it, which realtime/session-ends.ts
 *   maps to a disconnect of those sockets on every instance (the Redis adapter), and the session
 *   cache forgets them on every instance (session-cache.ts);
 * - by a caller without one (the operator's command line, another process): a PostgreSQL
 *   notification on SESSIONS_ENDED_CHANNEL, sent in the same transaction, which every running server
 *   listens to. An embedded database admits one process, so there is no such caller on PGlite; the
 *   servers' periodic check of their sockets' sessions covers rows removed by hand.
 */
import { z } from 'zod';
import type { Context } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { inTransaction, type PendingDomainEvents } from '../transaction.ts';
import { deleteSessionRows, notifySessionsEnded } from './repo.ts';

/** The PostgreSQL notification channel of sessions ended by a process without an event bus. */
export const SESSIONS_ENDED_CHANNEL = 'stoop_sessions_ended';

/** Why sessions end; the first group deletes session rows, the second keeps them. */
export type SessionEnd =
  | { reason: 'logout' | 'sign-in'; sessionId: string }
  | {
      reason: 'sign-out-everywhere' | 'password-reset' | 'operator-reset' | 'account-deleted';
      userId: string;
    }
  | { reason: 'password-change'; userId: string; keepSessionId: string }
  | { reason: 'expiry'; now: Date }
  /** The session acts as someone else now (or no longer): its sockets hold the old identity's rooms. */
  | { reason: 'set-user'; sessionId: string }
  /**
   * The row stays (a locked resident still signs in to read why, R-LOCK-3; a new role applies to
   * the next call, R-ROLE-6), but every socket acting as the user goes: R-RT-9.
   */
  | { reason: 'lock' | 'role-change'; userId: string };

/** What ended: the sockets of these sessions, and of every session acting as `userId` when set. */
export const endedSessionsSchema = z.strictObject({
  reason: z.string().max(40),
  sessionIds: z.array(z.string().uuid()).max(1000),
  everySocketOf: z.string().uuid().optional(),
});
export type EndedSessions = z.infer<typeof endedSessionsSchema>;

type EndContext = Pick<Context, 'db'> & Partial<Pick<Context, 'bus' | 'sessionCache'>>;

/** PostgreSQL caps a notification's payload at 8000 bytes: a UUID and its quotes take 39. */
const IDS_PER_NOTIFICATION = 150;

/**
 * Ends the sessions `end` names and announces it once the transaction commits. Inside a service's
 * transaction pass `within` (the end then commits or rolls back with the rest); otherwise it runs in
 * a transaction of its own. Returns what ended.
 */
export async function endSessions(
  ctx: EndContext,
  end: SessionEnd,
  within?: { tx: DbOrTx; events: Pick<PendingDomainEvents, 'afterCommit'> },
): Promise<EndedSessions> {
  if (within) return endIn(ctx, end, within.tx, within.events.afterCommit);
  return inTransaction(ctx, (tx, events) => endIn(ctx, end, tx, (step) => events.afterCommit(step)));
}

async function endIn(
  ctx: EndContext,
  end: SessionEnd,
  tx: DbOrTx,
  afterCommit: (step: () => void) => void,
): Promise<EndedSessions> {
  const ended: EndedSessions = { reason: end.reason, sessionIds: [] };
  switch (end.reason) {
    case 'set-user':
      ended.sessionIds = [end.sessionId];
      break;
    case 'lock':
    case 'role-change':
      ended.everySocketOf = end.userId;
      break;
    case 'expiry':
      ended.sessionIds = await deleteSessionRows(tx, { expiredAt: end.now });
      break;
    case 'logout':
    case 'sign-in':
      ended.sessionIds = await deleteSessionRows(tx, { sessionId: end.sessionId });
      break;
    case 'password-change':
      ended.sessionIds = await deleteSessionRows(tx, {
        userId: end.userId,
        keepSessionId: end.keepSessionId,
      });
      break;
    case 'sign-out-everywhere':
    case 'password-reset':
    case 'operator-reset':
    case 'account-deleted':
      ended.sessionIds = await deleteSessionRows(tx, { userId: end.userId });
  }
  if (ended.sessionIds.length === 0 && !ended.everySocketOf) return ended;
  if (!ctx.bus) {
    for (const part of notices(ended))
      await notifySessionsEnded(tx, SESSIONS_ENDED_CHANNEL, JSON.stringify(part));
  }
  afterCommit(() => {
    forgetCached(ctx, end, ended);
    ctx.bus?.publish('session:ended', ended);
  });
  return ended;
}

/** The notifications that carry `ended`, each within PostgreSQL's payload limit. */
function notices(ended: EndedSessions): EndedSessions[] {
  if (ended.sessionIds.length <= IDS_PER_NOTIFICATION) return [ended];
  const parts: EndedSessions[] = [];
  for (let i = 0; i < ended.sessionIds.length; i += IDS_PER_NOTIFICATION) {
    parts.push({ ...ended, sessionIds: ended.sessionIds.slice(i, i + IDS_PER_NOTIFICATION) });
  }
  return parts;
}

/** Past this many expired sessions the purge empties the cache rather than forgetting each. */
const FORGET_ONE_BY_ONE = 100;

/** The session cache (here and on every instance) drops what ended. */
function forgetCached(ctx: EndContext, end: SessionEnd, ended: EndedSessions): void {
  const cache = ctx.sessionCache;
  if (!cache) return;
  if (end.reason !== 'expiry') {
    cache.forget('sessionId' in end ? { sessionId: end.sessionId } : { userId: end.userId });
  } else if (ended.sessionIds.length > FORGET_ONE_BY_ONE) {
    cache.forget({ everything: true });
  } else {
    for (const sessionId of ended.sessionIds) cache.forget({ sessionId });
  }
}
