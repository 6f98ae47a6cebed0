import { and, count, desc, eq, gte, ilike, inArray, lt, type SQL } from 'drizzle-orm';
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

/** What GET /api/audit-log narrows the log to (R-ADMIN-15); every field is optional. */
export type AuditFilter = {
  action?: string | undefined;
  actorId?: string | undefined;
  targetUserId?: string | undefined;
  /** Part of a username, case-insensitive. */
  actor?: string | undefined;
  target?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const actor = alias(users, 'actor');
const target = alias(users, 'target');

function conditions(filter: AuditFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.actorId) where.push(eq(auditLog.actorId, filter.actorId));
  if (filter.targetUserId) where.push(eq(auditLog.targetUserId, filter.targetUserId));
  if (filter.actor) where.push(ilike(actor.username, likePattern(filter.actor)));
  if (filter.target) where.push(ilike(target.username, likePattern(filter.target)));
  if (filter.from) where.push(gte(auditLog.createdAt, filter.from));
  if (filter.to) where.push(lt(auditLog.createdAt, filter.to));
  return and(...where);
}

/** One page of the audit log, newest first, with the usernames of actor and target. */
export async function listAudit(
  db: DbOrTx,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<AuditRow[]> {
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
      .where(conditions(filter))
      // Ids are UUIDv7 (time-ordered): the tie-break keeps entries of one millisecond in order.
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset)
  );
}

export async function countAudit(db: DbOrTx, filter: AuditFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(target, eq(target.id, auditLog.targetUserId))
    .where(conditions(filter));
  return Number(row?.n ?? 0); // pg returns count(*) as a string, PGlite as a number
}

/** Whether any entry with one of `actions` names `userId` as its target. */
export async function hasAuditEntry(db: DbOrTx, userId: string, actions: string[]): Promise<boolean> {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.targetUserId, userId), inArray(auditLog.action, actions)))
    .limit(1);
  return row !== undefined;
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
