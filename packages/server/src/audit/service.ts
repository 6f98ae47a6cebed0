import type { Context } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { countAudit, hasAuditEntry, insertAudit, listAudit, type AuditFilter } from './repo.ts';
import { readSnapshot } from '../db/snapshot.ts';

/** One admin (or support) action, written in the caller's transaction so it stands or falls with the change. */
export type AuditEntry = {
  actorId: string | null;
  action: string;
  targetUserId: string | null;
  details?: Record<string, unknown>;
};

export function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  return insertAudit(tx, entry);
}

/** The actions that let an account in: approving it, or unlocking it. */
const ADMISSIONS = ['approve', 'unlock'];

/** Whether an admin has ever let this account in (R-ADMIN-13: only never-admitted sign-ups are rejected). */
export function wasEverAdmitted(db: DbOrTx, userId: string): Promise<boolean> {
  return hasAuditEntry(db, userId, ADMISSIONS);
}

type AuditQuery = {
  page: number;
  limit: number;
  action?: string | undefined;
  actorId?: string | undefined;
  targetUserId?: string | undefined;
  actor?: string | undefined;
  target?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

/** GET /api/audit-log: newest first, narrowed by the query's filters; `total` counts every match. */
export async function auditLogPage(ctx: Context, query: AuditQuery) {
  const { page, limit, from, to, ...rest } = query;
  const filter: AuditFilter = {
    ...rest,
    ...(from === undefined ? {} : { from: new Date(from) }),
    ...(to === undefined ? {} : { to: new Date(to) }),
  };
  const [rows, total] = await readSnapshot(
    ctx.db,
    async (tx) =>
      [
        await listAudit(tx, filter, { limit, offset: (page - 1) * limit }),
        await countAudit(tx, filter),
      ] as const,
  );
  return { rows, total, page };
}
