import { count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { auditLog, users } from '../db/schema/index.ts';

export type AuditRow = {
  id: string;
  actorId: string | null;
  actorName: string | null;
  action: string;
  targetUserId: string | null;
  targetName: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
};

/** One page of the audit log, newest first, with the usernames of actor and target. */
export async function listAudit(db: DbOrTx, page: { limit: number; offset: number }): Promise<AuditRow[]> {
  const actor = alias(users, 'actor');
  const target = alias(users, 'target');
  return (
    db
      .select({
        id: auditLog.id,
        actorId: auditLog.actorId,
        actorName: actor.username,
        action: auditLog.action,
        targetUserId: auditLog.targetUserId,
        targetName: target.username,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorId))
      .leftJoin(target, eq(target.id, auditLog.targetUserId))
      // Ids are UUIDv7 (time-ordered): the tie-break keeps entries of one millisecond in order.
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset)
  );
}

export async function countAudit(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog);
  return Number(row?.n ?? 0); // pg returns count(*) as a string, PGlite as a number
}

export async function insertAudit(
  db: DbOrTx,
  entry: {
    actorId: string | null;
    action: string;
    targetUserId: string | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
}
