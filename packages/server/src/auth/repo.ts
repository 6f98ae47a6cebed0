import { and, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
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

/** When a session still live at `now` expires; undefined when it is gone or expired. */
export async function liveSessionExpiry(db: DbOrTx, id: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
    .limit(1);
  return row?.expiresAt;
}

export async function deleteSession(db: DbOrTx, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function extendSession(db: DbOrTx, id: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

/** Removes expired sessions and reset links; returns how many of each went. */
export async function deleteExpiredAuthRows(
  db: DbOrTx,
  now: Date,
): Promise<{ sessions: number; passwordResets: number }> {
  const goneSessions = await db
    .delete(sessions)
    .where(lte(sessions.expiresAt, now))
    .returning({ id: sessions.id });
  const goneResets = await db
    .delete(passwordResets)
    .where(lte(passwordResets.expiresAt, now))
    .returning({ id: passwordResets.id });
  return { sessions: goneSessions.length, passwordResets: goneResets.length };
}

export async function deleteSessionsOfUser(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Every session of the user but `keepSessionId` (a password change keeps the one that made it). */
export async function deleteOtherSessionsOfUser(
  db: DbOrTx,
  userId: string,
  keepSessionId: string,
): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
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
