import { and, asc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { preparedPerDb } from '../db/prepared.ts';
import {
  contactMessages,
  passwordResets,
  sessions,
  users,
  type SessionRow,
  type UserRow,
} from '../db/schema/index.ts';

export async function insertSession(
  db: DbOrTx,
  values: {
    tokenHash: string;
    userId: string;
    expiresAt: Date;
    userAgent: string | null;
    ip: string | null;
    csrfBinding: string | null;
    client?: SessionRow['client'];
    platform?: SessionRow['platform'];
  },
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('insert into sessions returned no row');
  return row;
}

/** The live session for a token hash with its owner; undefined when unknown or expired. */
export async function findSession(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ session: SessionRow; owner: UserRow } | undefined> {
  const [row] = await findSessionStatement(db).execute({ tokenHash, now: new Date() });
  return row;
}

/** Every API call runs it: built once per database handle (see preparedPerDb). */
const findSessionStatement = preparedPerDb((db) =>
  db
    .select({ session: sessions, owner: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('stoop_find_session'),
);

/** The live session with this id and its owner (a media ticket names its session by id). */
export async function findSessionById(
  db: DbOrTx,
  id: string,
): Promise<{ session: SessionRow; owner: UserRow } | undefined> {
  const [row] = await db
    .select({ session: sessions, owner: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row;
}

/** A native session's use: its last-used time, and a new expiry when it slides. */
export async function touchSession(
  db: DbOrTx,
  id: string,
  values: { lastUsedAt: Date; expiresAt?: Date },
): Promise<void> {
  await db.update(sessions).set(values).where(eq(sessions.id, id));
}

/** The user's live native sessions, oldest first. */
export async function nativeSessionsOfUser(db: DbOrTx, userId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(
      and(eq(sessions.userId, userId), eq(sessions.client, 'native'), gt(sessions.expiresAt, new Date())),
    )
    .orderBy(asc(sessions.createdAt));
}

/** The user's native session `id`; undefined for another user's id or a web session. */
export async function findNativeSessionOfUser(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), eq(sessions.client, 'native')))
    .limit(1);
  return row;
}

/** When a session still live at `now` expires; undefined when it is gone or expired. */
export async function liveSessionExpiry(db: DbOrTx, id: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
    .limit(1);
  return row?.expiresAt;
}

export async function extendSession(db: DbOrTx, id: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

/** Removes expired password-reset links; returns how many went. */
export async function deleteExpiredPasswordResets(db: DbOrTx, now: Date): Promise<number> {
  const gone = await db
    .delete(passwordResets)
    .where(lte(passwordResets.expiresAt, now))
    .returning({ id: passwordResets.id });
  return gone.length;
}

/** Which session rows a deletion takes (auth/end-sessions.ts): one, a user's (maybe but one), or the expired. */
export type SessionRowsToDelete =
  { sessionId: string } | { userId: string; keepSessionId?: string | undefined } | { expiredAt: Date };

/** Deletes the session rows `which` names; returns the ids of those that went. */
export async function deleteSessionRows(db: DbOrTx, which: SessionRowsToDelete): Promise<string[]> {
  const where =
    'sessionId' in which
      ? eq(sessions.id, which.sessionId)
      : 'userId' in which
        ? and(
            eq(sessions.userId, which.userId),
            which.keepSessionId ? ne(sessions.id, which.keepSessionId) : undefined,
          )
        : lte(sessions.expiresAt, which.expiredAt);
  const gone = await db.delete(sessions).where(where).returning({ id: sessions.id });
  return gone.map((row) => row.id);
}

/** The live sessions among `ids` (the periodic check of open sockets, realtime/session-ends.ts). */
export async function liveSessionIds(db: DbOrTx, ids: readonly string[], now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, [...ids]), gt(sessions.expiresAt, now)));
  return new Set(rows.map((row) => row.id));
}

/**
 * Tells every process listening on the database (PostgreSQL LISTEN) that sessions ended; delivered
 * when the transaction commits, dropped on rollback. PGlite takes it too and has no other listener.
 */
export async function notifySessionsEnded(db: DbOrTx, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export async function setSessionActingAs(
  db: DbOrTx,
  sessionId: string,
  userId: string | null,
): Promise<void> {
  await db.update(sessions).set({ actingAsUserId: userId }).where(eq(sessions.id, sessionId));
}

export async function insertPasswordReset(
  db: DbOrTx,
  values: { tokenHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(values);
}

/**
 * Marks an unused, unexpired reset token as used and returns its user id, in one statement so two
 * concurrent uses of the same link cannot both succeed.
 */
export async function consumePasswordReset(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}

/** After a successful reset, older links of the same user stop working too. */
export async function invalidatePasswordResets(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export async function insertContactMessage(
  db: DbOrTx,
  values: { name: string; email: string; message: string; userId: string | null },
): Promise<string> {
  const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  if (!row) throw new Error('insert into contact_messages returned no row');
  return row.id;
}
