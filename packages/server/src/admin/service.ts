import type { LockReason, Role, UserStatus } from '@stoop/shared';
import { publicUrl } from '../config.ts';
import type { Context } from '../context.ts';
import { recordAudit } from '../audit/service.ts';
import type { UserRow } from '../db/schema/index.ts';
import { badRequest, notFound } from '../http/errors.ts';
import {
  announceProfile,
  findUser,
  listAccounts as listUserRows,
  patchUser,
  type UserPatch,
} from '../users/service.ts';
import { inTransaction, type PendingEvents } from '../transaction.ts';

export function listAccounts(
  ctx: Context,
  query: { status?: UserStatus | undefined; q?: string | undefined; limit: number; offset: number },
) {
  return listUserRows(ctx.db, {
    limit: query.limit,
    offset: query.offset,
    ...(query.status ? { status: query.status } : {}),
    ...(query.q ? { q: query.q } : {}),
  });
}

type Changed = { before: UserRow; after: UserRow };

/**
 * Applies `patch` to the target and writes the audit entry in the same transaction; `announce`
 * names the events of the change, published after commit.
 */
async function change(
  ctx: Context,
  admin: UserRow,
  targetId: string,
  action: string,
  patch: UserPatch,
  details: Record<string, unknown> = {},
  announce: (changed: Changed, events: PendingEvents) => void = () => undefined,
): Promise<Changed> {
  return inTransaction(ctx, async (tx, events) => {
    const before = await findUser(tx, targetId);
    if (!before) throw notFound('User not found');
    const after = await patchUser(tx, targetId, patch);
    if (!after) throw notFound('User not found');
    await recordAudit(tx, { actorId: admin.id, action, targetUserId: targetId, details });
    // After commit, before any event: the target's next call, on any instance, sees the change.
    events.afterCommit(() => ctx.sessionCache.forget({ userId: targetId }));
    announce({ before, after }, events);
    return { before, after };
  });
}

/** A locked account that became approved joins the directory. */
const announceApproval = ({ before, after }: Changed, events: PendingEvents) => {
  if (before.isLocked) announceProfile(events, after);
};

/** Approval unlocks the resident at once and tells them by mail. */
export async function approve(ctx: Context, admin: UserRow, targetId: string): Promise<UserRow> {
  // The resident joins the directory; their next socket connect simply succeeds.
  const { before, after } = await change(
    ctx,
    admin,
    targetId,
    'approve',
    { isLocked: false, lockReason: null },
    {},
    announceApproval,
  );
  if (before.isLocked) {
    ctx.bus.publish('account:approved', { userId: after.id, actorId: admin.id });
    await ctx.mailer.send({
      to: after.email,
      subject: 'Your Stoop account is approved',
      text: `Hi ${after.username},\n\nAn admin approved your account. Welcome to the community!\n\n${publicUrl(ctx.config)}/login`,
    });
  }
  return after;
}

/** Locks an account; without a reason the lock means pending approval (R-USER-2). */
export async function lock(
  ctx: Context,
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
    // The lock takes effect on open sockets too, not only on the next request.
    (changed, events) => events.publish('account:locked', { userId: changed.after.id }),
  );
  return after;
}

export async function unlock(ctx: Context, admin: UserRow, targetId: string): Promise<UserRow> {
  const { after } = await change(
    ctx,
    admin,
    targetId,
    'unlock',
    { isLocked: false, lockReason: null },
    {},
    announceApproval,
  );
  return after;
}

export async function setRole(ctx: Context, admin: UserRow, targetId: string, role: Role): Promise<UserRow> {
  if (targetId === admin.id && role !== 'admin')
    throw badRequest('You cannot remove your own admin role', 'role');
  const { after } = await change(ctx, admin, targetId, 'role', { role }, { role }, (changed, events) => {
    if (changed.before.role === changed.after.role) return;
    // Open sockets hold the rooms of the old role (hidden channels for admins): they reconnect.
    events.publish('account:role-changed', { userId: changed.after.id });
    announceProfile(events, changed.after);
  });
  return after;
}
