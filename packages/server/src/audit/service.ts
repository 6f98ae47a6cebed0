import type { Context } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { countAudit, insertAudit, listAudit } from './repo.ts';

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

/** GET /api/audit-log: newest first; `total` counts every entry. */
export async function auditLogPage(ctx: Context, query: { page: number; limit: number }) {
  const [rows, total] = await Promise.all([
    listAudit(ctx.db, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    countAudit(ctx.db),
  ]);
  return { rows, total, page: query.page };
}
