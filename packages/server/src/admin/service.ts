import { TEXTS, type LockReason, type Role, type UserStatus } from '@stoop/shared';
import { publicUrl } from '../config.ts';
import type { Context } from '../context.ts';
import { recordAudit, wasEverAdmitted } from '../audit/service.ts';
import type { Tx } from '../db/client.ts';
import type { UserRow } from '../db/schema/index.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import {
  announceProfile,
  countAccounts,
  findUser,
  listAccounts as listUserRows,
  lockActiveAdminIds,
  patchUser,
  removeUser,
  type UserPatch,
} from '../users/service.ts';
import { inTransaction, type PendingDomainEvents } from '../transaction.ts';
import { endSessions } from '../auth/end-sessions.ts';
import { readSnapshot } from '../db/snapshot.ts';

type AccountsQuery = {
  status?: UserStatus | undefined;
  role?: Role | undefined;
  q?: string | undefined;
  sort: 'name' | 'signup';
  limit: number;
  offset: number;
};

/** GET /api/admin/users: one page of the accounts that match, and how many match. */
export async function listAccounts(ctx: Context, query: AccountsQuery) {
  const filter = {
    ...(query.status ? { status: query.status } : {}),
    ...(query.role ? { role: query.role } : {}),
    ...(query.q ? { q: query.q } : {}),
  };
  const [rows, total] = await readSnapshot(
    ctx.db,
    async (tx) =>
      [
        await listUserRows(tx, { ...filter, sort: query.sort, limit: query.limit, offset: query.offset }),
        await countAccounts(tx, filter),
      ] as const,
  );
  return { rows, total };
}

type Changed = { before: UserRow; after: UserRow };

/**
 * R-ADMIN-14: the community always keeps an admin who can act. Called inside the transaction
 * before a change that may take `target` out of the active admins (demotion or lock).
 */
async function keepAnActiveAdmin(tx: Tx, target: UserRow): Promise<void> {
  if (target.role !== 'admin' || target.isLocked) return;
  const others = (await lockActiveAdminIds(tx)).filter((id) => id !== target.id);
  if (others.length === 0) throw new Conflict(TEXTS.lastAdmin);
}

/**
 * Applies `patch` to the target and writes the audit entry in the same transaction; `announce`
 * names the events of the change, published after commit. `check` may refuse the change after the
 * target is read, inside the transaction.
 */
async function change(
  ctx: Context,
  admin: UserRow,
  targetId: string,
  action: string,
  patch: UserPatch,
  options: {
    details?: Record<string, unknown>;
    announce?: (changed: Changed, events: PendingDomainEvents) => void;
    check?: (tx: Tx, before: UserRow) => Promise<void>;
    /** The target's sockets end after the events (auth/end-sessions.ts): a lock or a new role. */
    endSockets?: (changed: Changed) => 'lock' | 'role-change' | undefined;
  } = {},
): Promise<Changed> {
  return inTransaction(ctx, async (tx, events) => {
    const before = await findUser(tx, targetId);
    if (!before) throw new NotFound('User not found');
    if (options.check) await options.check(tx, before);
    const after = await patchUser(tx, targetId, patch);
    if (!after) throw new NotFound('User not found');
    await recordAudit(tx, {
      actorId: admin.id,
      action,
      targetUserId: targetId,
      details: options.details ?? {},
    });
    // After commit, before any event: the target's next call, on any instance, sees the change.
    events.afterCommit(() => ctx.sessionCache.forget({ userId: targetId }));
    options.announce?.({ before, after }, events);
    const end = options.endSockets?.({ before, after });
    if (end) await endSessions(ctx, { reason: end, userId: targetId }, { tx, events });
    return { before, after };
  });
}

/** A locked account that became approved joins the directory. */
const announceApproval = ({ before, after }: Changed, events: PendingDomainEvents) => {
  if (before.isLocked) announceProfile(events, after);
};

/** R-ADMIN-2: the resident hears of their approval in the app (notifications) and by mail. */
async function tellApproved(ctx: Context, admin: UserRow, user: UserRow): Promise<void> {
  ctx.bus.publish('account:approved', { userId: user.id, actorId: admin.id });
  await ctx.mailer.send({
    to: user.email,
    subject: 'Your Stoop account is approved',
    text: `Hi ${user.username},\n\nAn admin approved your account. Welcome to the community!\n\n${publicUrl(ctx.config)}/login`,
  });
}

/** Approval unlocks the resident at once and tells them by mail. */
export async function approve(ctx: Context, admin: UserRow, targetId: string): Promise<UserRow> {
  // The resident joins the directory; their next socket connect simply succeeds.
  const { before, after } = await change(
    ctx,
    admin,
    targetId,
    'approve',
    { isLocked: false, lockReason: null },
    { announce: announceApproval },
  );
  if (before.isLocked) await tellApproved(ctx, admin, after);
  return after;
}

/**
 * R-ADMIN-12: approves every listed account in one transaction (one audit entry each); ids that
 * name no account are answered back rather than failing the rest, since another admin may have
 * rejected one of them meanwhile.
 */
export async function approveMany(
  ctx: Context,
  admin: UserRow,
  ids: readonly string[],
): Promise<{ users: UserRow[]; notFound: string[] }> {
  const unique = [...new Set(ids)];
  const results = await inTransaction(ctx, async (tx, events) => {
    const changed: Changed[] = [];
    const missing: string[] = [];
    for (const id of unique) {
      const before = await findUser(tx, id);
      const after = before && (await patchUser(tx, id, { isLocked: false, lockReason: null }));
      if (!before || !after) {
        missing.push(id);
        continue;
      }
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'approve',
        targetUserId: id,
        details: { bulk: true },
      });
      events.afterCommit(() => ctx.sessionCache.forget({ userId: id }));
      announceApproval({ before, after }, events);
      changed.push({ before, after });
    }
    return { changed, missing };
  });
  for (const { before, after } of results.changed) {
    if (before.isLocked) await tellApproved(ctx, admin, after);
  }
  return { users: results.changed.map((c) => c.after), notFound: results.missing };
}

/**
 * R-ADMIN-13: rejecting a sign-up removes the account (docs/decisions/0016-rejecting-a-sign-up.md).
 * Only an account waiting for its first approval can be rejected: one that was ever let in may
 * have written messages, and is locked instead. The applicant gets a mail with the admin's message.
 */
export async function reject(
  ctx: Context,
  admin: UserRow,
  targetId: string,
  message: string | undefined,
): Promise<void> {
  const removed = await inTransaction(ctx, async (tx, events) => {
    const target = await findUser(tx, targetId);
    if (!target) throw new NotFound('User not found');
    const pending = target.isLocked && (target.lockReason ?? 'pending_approval') === 'pending_approval';
    if (!pending || (await wasEverAdmitted(tx, target.id))) throw new Conflict(TEXTS.rejectNotPending);
    // The entry outlives the account (its target becomes null), so it keeps who was rejected.
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'reject',
      targetUserId: target.id,
      details: { username: target.username, email: target.email, ...(message ? { message } : {}) },
    });
    // Its sessions end first, through the one end of a session: the next call is anonymous (R-SESSION-9).
    await endSessions(ctx, { reason: 'account-deleted', userId: target.id }, { tx, events });
    await removeUser(tx, target.id);
    return target;
  });
  const note = message ? `\n\nA note from the admin:\n${message}` : '';
  await ctx.mailer.send({
    to: removed.email,
    subject: 'Your Stoop sign-up was not approved',
    text: `Hi ${removed.username},\n\nAn admin of the community did not approve your sign-up, and the account was removed.${note}\n\nIf you think this is a mistake, you can write to the admins at ${publicUrl(ctx.config)}/contact or sign up again.`,
  });
}

/** Locks an account; without a reason the lock means pending approval. */
export async function lock(
  ctx: Context,
  admin: UserRow,
  targetId: string,
  reason: LockReason | undefined,
): Promise<UserRow> {
  if (targetId === admin.id) throw new Invalid('You cannot lock your own account');
  const lockReason = reason ?? 'pending_approval';
  const { after } = await change(
    ctx,
    admin,
    targetId,
    'lock',
    { isLocked: true, lockReason },
    {
      details: { reason: lockReason },
      check: keepAnActiveAdmin,
      // The lock takes effect on open sockets too, not only on the next request: they hear of it,
      // then go (R-LOCK-5).
      announce: (changed, events) => events.publish('account:locked', { userId: changed.after.id }),
      endSockets: () => 'lock',
    },
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
    { announce: announceApproval },
  );
  return after;
}

/**
 * Makes a resident an admin and back. An admin may step down too, as long as another active
 * admin remains (R-ADMIN-14: 409 otherwise).
 */
export async function setRole(ctx: Context, admin: UserRow, targetId: string, role: Role): Promise<UserRow> {
  const { after } = await change(
    ctx,
    admin,
    targetId,
    'role',
    { role },
    {
      details: { role },
      check: (tx, before) => (role === 'admin' ? Promise.resolve() : keepAnActiveAdmin(tx, before)),
      announce: (changed, events) => {
        if (changed.before.role === changed.after.role) return;
        announceProfile(events, changed.after);
      },
      // Open sockets hold the rooms of the old role (hidden channels for admins): they reconnect.
      endSockets: ({ before, after }) => (before.role === after.role ? undefined : 'role-change'),
    },
  );
  return after;
}
