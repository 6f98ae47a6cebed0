import type { LockReason, Role, UserStatus } from '@stoop/shared';
import { publicUrl } from '../config.ts';
import type { Ctx } from '../auth/service.ts';
import { insertAudit } from '../auth/repo.ts';
import type { UserRow } from '../db/schema/index.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { findUserById, listUsers, updateUser, type UserPatch } from '../users/repo.ts';

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
  return ctx.db.transaction(async (tx) => {
    const before = await findUserById(tx, targetId);
    if (!before) throw notFound('User not found');
    const after = await updateUser(tx, targetId, patch);
    if (!after) throw notFound('User not found');
    await insertAudit(tx, { actorId: admin.id, action, targetUserId: targetId, details });
    return { before, after };
  });
}

/** Approval unlocks the resident at once and tells them by mail. */
export async function approve(ctx: Ctx, admin: UserRow, targetId: string): Promise<UserRow> {
  const { before, after } = await change(ctx, admin, targetId, 'approve', {
    isLocked: false,
    lockReason: null,
  });
  if (before.isLocked) {
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
  ctx: Ctx,
  admin: UserRow,
  targetId: string,
  reason: LockReason | undefined,
): Promise<UserRow> {
  if (targetId === admin.id) throw badRequest('You cannot lock your own account');
  const lockReason = reason ?? 'pending_approval';
  return (await change(ctx, admin, targetId, 'lock', { isLocked: true, lockReason }, { reason: lockReason }))
    .after;
}

export async function unlock(ctx: Ctx, admin: UserRow, targetId: string): Promise<UserRow> {
  return (await change(ctx, admin, targetId, 'unlock', { isLocked: false, lockReason: null })).after;
}

export async function setRole(ctx: Ctx, admin: UserRow, targetId: string, role: Role): Promise<UserRow> {
  if (targetId === admin.id && role !== 'admin')
    throw badRequest('You cannot remove your own admin role', 'role');
  return (await change(ctx, admin, targetId, 'role', { role }, { role })).after;
}
