import type { LockReason, Role, UserStatus } from '@stoop/shared';
import { publicUrl } from '../config.ts';
import type { Ctx } from '../auth/service.ts';
import { insertAudit } from '../auth/repo.ts';
import type { UserRow } from '../db/schema/index.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { countAudit, listAudit } from './repo.ts';
import { findUserById, listUsers, updateUser, type UserPatch } from '../users/repo.ts';
import { announceProfile, type AccountCtx } from '../users/service.ts';

export function listAccounts(
  ctx: Ctx,
  query: { status?: UserStatus | undefined; q?: string | undefined; limit: number; offset: number },
) {
  return listUsers(ctx.db, {
    limit: query.limit,
    offset: query.offset,
    ...(query.status ? { status: query.status } : {}),
    ...(query.q ? { q: query.q } : {}),
  });
}

/** Applies `patch` to the target and writes the audit entry in the same transaction. */
async function change(
  ctx: Ctx,
  admin: UserRow,
  targetId: string,
  action: string,
  patch: UserPatch,
  details: Record<string, unknown> = {},
): Promise<{ before: UserRow; after: UserRow }> {
  const changed = await ctx.db.transaction(async (tx) => {
    const before = await findUserById(tx, targetId);
    if (!before) throw notFound('User not found');
    const after = await updateUser(tx, targetId, patch);
    if (!after) throw notFound('User not found');
    await insertAudit(tx, { actorId: admin.id, action, targetUserId: targetId, details });
    return { before, after };
  });
  // After commit: the target's next call, on any instance, sees the change (session-cache.ts).
  ctx.sessionCache.forget({ userId: targetId });
  return changed;
}

/** Approval unlocks the resident at once and tells them by mail. */
export async function approve(ctx: AccountCtx, admin: UserRow, targetId: string): Promise<UserRow> {
  const { before, after } = await change(ctx, admin, targetId, 'approve', {
    isLocked: false,
    lockReason: null,
  });
  // The resident joins the directory; their next socket connect simply succeeds.
  if (before.isLocked) announceProfile(ctx, after);
  if (before.isLocked) {
    ctx.chatBus.publish('account:approved', { userId: after.id, actorId: admin.id });
    await ctx.mailer.send({
      to: after.email,
      subject: 'Your Stoop account is approved',
      text: `Hi ${after.username},\n\nAn admin approved your account. Welcome to the community!\n\n${publicUrl(ctx.config)}/login`,
    });
  }
  return after;
}

/** Locks an account; without a reason the lock means pending approval (SPEC 3). */
export async function lock(
  ctx: AccountCtx,
  admin: UserRow,
  targetId: string,
  reason: LockReason | undefined,
): Promise<UserRow> {
  if (targetId === admin.id) throw badRequest('You cannot lock your own account');
  const lockReason = reason ?? 'pending_approval';
  const { after } = await change(
    ctx,
    admin,
    targetId,
    'lock',
    { isLocked: true, lockReason },
    { reason: lockReason },
  );
  // After commit: the lock takes effect on open sockets too, not only on the next request.
  ctx.chatBus.publish('account:locked', { userId: after.id });
  return after;
}

export async function unlock(ctx: AccountCtx, admin: UserRow, targetId: string): Promise<UserRow> {
  const { before, after } = await change(ctx, admin, targetId, 'unlock', {
    isLocked: false,
    lockReason: null,
  });
  if (before.isLocked) announceProfile(ctx, after);
  return after;
}

export async function setRole(
  ctx: AccountCtx,
  admin: UserRow,
  targetId: string,
  role: Role,
): Promise<UserRow> {
  if (targetId === admin.id && role !== 'admin')
    throw badRequest('You cannot remove your own admin role', 'role');
  const { before, after } = await change(ctx, admin, targetId, 'role', { role }, { role });
  if (before.role !== after.role) {
    // Open sockets hold the rooms of the old role (hidden channels for admins): they reconnect.
    ctx.chatBus.publish('account:role-changed', { userId: after.id });
    announceProfile(ctx, after);
  }
  return after;
}

/** GET /api/audit-log: newest first; `total` counts every entry. */
export async function auditLogPage(ctx: Ctx, query: { page: number; limit: number }) {
  const [rows, total] = await Promise.all([
    listAudit(ctx.db, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    countAudit(ctx.db),
  ]);
  return { rows, total, page: query.page };
}
