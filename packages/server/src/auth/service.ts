import { recordAudit } from '../audit/service.ts';
import { randomUUID } from 'node:crypto';
import { PASSWORD_RESET_TTL_MS, defaultUserMetadata, type User } from '@stoop/shared';
import { publicUrl } from '../config.ts';
import { claimInvite, recordJoin } from '../invites/service.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { SessionRow, UserRow } from '../db/schema/index.ts';
import { Forbidden, Invalid, NotFound, Unauthenticated } from '../errors.ts';
import type { Context } from '../context.ts';
import type { Db } from '../db/client.ts';
import { inTransaction } from '../transaction.ts';
import { createUser, findUser, findUserWithEmail, listAccounts, patchUser } from '../users/service.ts';
import { randomToken, sha256 } from './crypto.ts';
import { endSessions } from './end-sessions.ts';
import { dummyVerify, hashPassword, verifyPassword } from './password.ts';
import {
  consumePasswordReset,
  insertContactMessage,
  insertPasswordReset,
  invalidatePasswordResets,
  setSessionActingAs,
} from './repo.ts';
import { isAdmin } from '../access/rules.ts';

const INVALID_CREDENTIALS = 'Invalid email or password';

/** Same 401 for an unknown email and a wrong password, and the same work done in both cases. */
export async function login(ctx: Context, email: string, password: string): Promise<UserRow> {
  const user = await findUserWithEmail(ctx.db, email);
  if (!user) {
    await dummyVerify(password);
    throw new Unauthenticated(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new Unauthenticated(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
  }
  return user;
}

/**
 * What a sign-up answers: the new account, or (R-ACCESS-8) for an email that already has one, a
 * stand-in of the same shape so the answer tells no one who lives in the building.
 */
export type SignupOutcome = { created: UserRow } | { standIn: User; owner: UserRow };

/**
 * New accounts start locked, pending approval (R-LOCK-1), unless they sign up through a lobby
 * invitation that approves at once: its use is taken in the same transaction.
 * R-ACCESS-8: an email that already has an account gets the same answer as a new one, after the
 * same password hashing, and its owner a mail instead.
 */
export async function signup(
  ctx: Context,
  input: { email: string; password: string; username: string; inviteCode?: string | undefined },
): Promise<SignupOutcome> {
  const existing = await findUserWithEmail(ctx.db, input.email);
  const passwordHash = await hashPassword(input.password);
  if (existing) return { standIn: standInFor(input), owner: existing };
  try {
    const created = await inTransaction(ctx, async (tx) => {
      const invite = input.inviteCode ? await claimInvite(tx, input.inviteCode) : undefined;
      const approved = invite?.approveAtOnce === true;
      const user = await createUser(tx, {
        email: input.email,
        username: input.username,
        passwordHash,
        metadata: defaultUserMetadata(),
        role: 'resident',
        isLocked: !approved,
        lockReason: approved ? null : 'pending_approval',
      });
      if (invite) await recordJoin(tx, invite, user);
      return user;
    });
    return { created };
  } catch (error) {
    // Lost a race with a twin request: the twin's account exists now, so answer as for a taken email.
    if (!isUniqueViolation(error)) throw error;
    const twin = await findUserWithEmail(ctx.db, input.email);
    if (!twin) throw error;
    return { standIn: standInFor(input), owner: twin };
  }
}

/** What a new, pending account would look like: the answer to a sign-up with a taken email. */
function standInFor(input: { email: string; username: string }): User {
  return {
    id: randomUUID(),
    email: input.email,
    username: input.username,
    description: '',
    avatar: null,
    metadata: defaultUserMetadata(),
    role: 'resident',
    isLocked: true,
    reasonForLock: 'pending_approval',
    shareReadReceipts: true,
    createdAt: new Date().toISOString(),
  };
}

/** R-ACCESS-8: tells the owner of a taken email that someone tried to sign up with it. */
export async function mailSignupAttempt(ctx: Context, owner: UserRow): Promise<void> {
  const base = publicUrl(ctx.config);
  await ctx.mailer.send({
    to: owner.email,
    subject: 'Someone tried to sign up to Stoop with your address',
    text: [
      `Hi ${owner.username},`,
      '',
      'Someone tried to sign up to Stoop with your email address, which already has an account.',
      'If it was you, log in or reset your password:',
      '',
      `${base}/login`,
      `${base}/forgot-password`,
      '',
      'If it was not you, ignore this mail; nothing changed on your account.',
    ].join('\n'),
  });
}

/** Mails a single-use reset link when the account exists; silent otherwise (no account probing). */
export async function forgotPassword(ctx: Context, email: string): Promise<void> {
  const user = await findUserWithEmail(ctx.db, email);
  if (!user) return;
  const token = randomToken();
  await insertPasswordReset(ctx.db, {
    tokenHash: sha256(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
  });
  const link = `${publicUrl(ctx.config)}/reset-password?token=${encodeURIComponent(token)}`;
  const minutes = Math.round(PASSWORD_RESET_TTL_MS / 60_000);
  await ctx.mailer.send({
    to: user.email,
    subject: 'Reset your Stoop password',
    text: [
      `Hi ${user.username},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Stoop account.',
      `Open this link within ${minutes} minutes to choose a new password:`,
      '',
      link,
      '',
      'The link works once. If you did not ask for this, ignore this mail; your password stays the same.',
    ].join('\n'),
  });
}

const RESET_LINK_INVALID = 'This reset link is invalid, expired or already used. Request a new one.';

/** Sets the new password and signs the user out everywhere. */
export async function resetPassword(ctx: Context, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await inTransaction(ctx, async (tx, events) => {
    const userId = await consumePasswordReset(tx, sha256(token));
    if (!userId) throw new Invalid(RESET_LINK_INVALID, 'token');
    await patchUser(tx, userId, { passwordHash });
    await invalidatePasswordResets(tx, userId);
    // After commit: no cached session of theirs outlives the reset, nor any socket.
    await endSessions(ctx, { reason: 'password-reset', userId }, { tx, events });
  });
}

/**
 * R-OPS-12: an operator sets a password from the command line (stoop reset-password). As after a
 * reset link, every session and every open reset link of the account ends. This process has no
 * event bus: the running servers learn of it from the database's notification (end-sessions.ts) and
 * drop the sessions' sockets and cached entries.
 */
export async function setPasswordAsOperator(db: Db, userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  // No bus here: endSessions tells the running servers by a database notification in the transaction.
  await inTransaction({ db }, async (tx, events) => {
    await patchUser(tx, userId, { passwordHash });
    await invalidatePasswordResets(tx, userId);
    await endSessions({ db }, { reason: 'operator-reset', userId }, { tx, events });
  });
}

/** Stores the message and forwards it to the admin address. */
export async function contact(
  ctx: Context,
  input: { name: string; email: string; message: string },
  userId: string | null,
): Promise<string> {
  const id = await insertContactMessage(ctx.db, { ...input, userId });
  const to =
    ctx.config.ADMIN_EMAIL ??
    (await listAccounts(ctx.db, { limit: 1, status: 'unlocked', role: 'admin' }))[0]?.email;
  if (to) {
    await ctx.mailer.send({
      to,
      subject: `Stoop contact form: ${input.name}`,
      text: `From: ${input.name} <${input.email}>\n\n${input.message}`,
    });
  }
  return id;
}

/** R-API-40: a logout while viewing as someone else ends the view too, in the audit log. */
export async function endViewOnLogout(ctx: Context, owner: UserRow, viewedId: string): Promise<void> {
  await recordAudit(ctx.db, { actorId: owner.id, action: 'set_user_end', targetUserId: viewedId });
}

/**
 * Support tool (R-API-40, docs/decisions/0034-set-user-views-only.md): the admin's session views
 * Stoop as `targetId`, looking only (auth/http/guards.ts), until set back to the admin's own id or
 * logout. Decided on the session owner, so an admin acting as a resident can switch back.
 */
export async function setUser(
  ctx: Context,
  session: SessionRow,
  owner: UserRow,
  targetId: string,
): Promise<UserRow> {
  if (!isAdmin(owner)) throw new Forbidden('Only admins can act as another user');
  const target = await findUser(ctx.db, targetId);
  if (!target) throw new NotFound('User not found');
  const actingAs = target.id === owner.id ? null : target.id;
  await inTransaction(ctx, async (tx, events) => {
    await setSessionActingAs(tx, session.id, actingAs);
    await recordAudit(tx, {
      actorId: owner.id,
      action: actingAs ? 'set_user' : 'set_user_end',
      targetUserId: target.id,
    });
    // The session's sockets joined the rooms of the user it acted as: they reconnect as the new one.
    await endSessions(ctx, { reason: 'set-user', sessionId: session.id }, { tx, events });
  });
  return target;
}
