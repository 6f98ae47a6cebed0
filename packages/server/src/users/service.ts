import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  ENUMERATED_PROFILE_FIELDS,
  INTEREST_SUGGESTIONS,
  NEW_TO_AREA_OPTIONS,
  PROFILE_OPTIONS,
  isProfileOption,
  profileFieldsSchema,
  userMetadataSchema,
  type ProfileOptionsResponse,
  type UserMetadata,
  type UsersQuery,
  type UserStatus,
} from '@stoop/shared';
import type { Context } from '../context.ts';
import type { PendingDomainEvents } from '../transaction.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { DbOrTx } from '../db/client.ts';
import type { NewUserRow, UserRow } from '../db/schema/index.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import { AVATAR_FILE_PATTERN, avatarDir, removeAvatar, storeAvatar } from './avatar.ts';
import { metadataOf, presentPublic } from './present.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { endOtherSessions } from '../auth/other-sessions.ts';
import {
  countAdmins,
  countUsers,
  deleteUser,
  findUserByEmail,
  findUsersByEmails,
  findUserById,
  findUsersByIds,
  findUsersByUsername,
  insertUser,
  listUsers,
  lockActiveAdminIds as lockActiveAdminRows,
  updateUser,
  type MetadataFilter,
  type UserPatch,
} from './repo.ts';
import { isAdmin } from '../access/rules.ts';

/**
 * Tells every approved resident's client about a user's new public fields (never a locked one's).
 * `events` is a transaction's (inTransaction) or, after a committed single write, the bus.
 */
export function announceProfile(events: Pick<PendingDomainEvents, 'publish'>, row: UserRow): void {
  if (!row.isLocked) events.publish('profile:updated', { user: presentPublic(row) });
}

/**
 * The directory (R-API-8): approved residents only (locked accounts stay invisible),
 * searched by name and description and filtered on their metadata.
 */
export function listDirectory(ctx: Context, query: UsersQuery) {
  const oneOf: MetadataFilter['oneOf'] = {};
  for (const field of ENUMERATED_PROFILE_FIELDS) {
    const values = query[field];
    if (values?.length) oneOf[field] = values;
  }
  return listUsers(ctx.db, {
    status: 'unlocked' satisfies UserStatus,
    limit: query.limit,
    offset: query.offset,
    ...(query.q ? { q: query.q, searchDescriptions: true } : {}),
    metadata: {
      oneOf,
      ...(query.interests?.length ? { interests: query.interests } : {}),
      ...(query.lookingFor ? { lookingFor: query.lookingFor } : {}),
      ...(query.newToArea !== undefined ? { newToArea: query.newToArea } : {}),
    },
  });
}

/** GET /api/profile/options: the shared lists as they are. */
export function profileOptions(): ProfileOptionsResponse {
  return {
    options: Object.fromEntries(
      ENUMERATED_PROFILE_FIELDS.map((field) => [field, PROFILE_OPTIONS[field].map((o) => ({ ...o }))]),
    ) as ProfileOptionsResponse['options'],
    newToArea: NEW_TO_AREA_OPTIONS.map((o) => ({ ...o })),
    interestSuggestions: [...INTEREST_SUGGESTIONS],
  };
}

/** A user by id; non-admins only see approved users and themselves. */
export async function getVisibleUser(ctx: Context, id: string, viewer: UserRow): Promise<UserRow> {
  const user = await findUserById(ctx.db, id);
  if (!user || (user.isLocked && !isAdmin(viewer) && viewer.id !== user.id)) {
    throw new NotFound('User not found');
  }
  return user;
}

/** Raw PUT /api/profile input: text fields as sent (multipart gives strings) and an optional avatar. */
export type ProfileInput = { fields: Record<string, unknown>; avatar?: Buffer };

/**
 * R-PROFILE-2: a sent enumerated field must hold one of its options or null. A value stored before
 * the lists existed and sent back unchanged is kept, so an old profile still saves.
 */
function checkOptions(sent: Record<string, unknown>, stored: UserMetadata): void {
  for (const field of ENUMERATED_PROFILE_FIELDS) {
    if (!(field in sent)) continue;
    const value = sent[field];
    if (value === null || value === stored[field]) continue;
    if (typeof value !== 'string' || !isProfileOption(field, value)) {
      const allowed = PROFILE_OPTIONS[field].map((o) => o.value).join(', ');
      throw new Invalid(`metadata.${field}: must be one of ${allowed}, or null`, `metadata.${field}`);
    }
  }
}

/** R-PROFILE-4: changing the email or the password needs the current password. */
async function checkCurrentPassword(user: UserRow, currentPassword: string | undefined, what: string) {
  if (!currentPassword) {
    throw new Invalid(
      `currentPassword: enter your current password to change your ${what}`,
      'currentPassword',
    );
  }
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new Invalid('currentPassword: the current password is not correct', 'currentPassword');
  }
}

function parseMetadataField(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new Invalid('metadata: must be a JSON object', 'metadata');
  }
}

/** Validates and applies a profile change of `user`. */
export async function updateProfile(
  ctx: Context,
  user: UserRow,
  input: ProfileInput,
  sessionId: string,
): Promise<UserRow> {
  const fields = { ...input.fields };
  if ('metadata' in fields) fields.metadata = parseMetadataField(fields.metadata);
  const parsed = profileFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || undefined;
    throw new Invalid(`${field ?? 'profile'}: ${issue?.message ?? 'invalid value'}`, field);
  }
  const body = parsed.data;
  const patch: UserPatch = {};
  if (body.username !== undefined) patch.username = body.username;
  if (body.description !== undefined) patch.description = body.description;
  if (body.shareReadReceipts !== undefined) patch.shareReadReceipts = body.shareReadReceipts;
  if (body.metadata !== undefined) {
    const merged = userMetadataSchema.safeParse({ ...user.metadata, ...body.metadata });
    if (!merged.success) {
      const issue = merged.error.issues[0];
      const field = ['metadata', ...(issue?.path ?? [])].join('.');
      throw new Invalid(`${field}: ${issue?.message ?? 'invalid value'}`, field);
    }
    checkOptions(body.metadata, metadataOf(user));
    patch.metadata = merged.data;
  }
  const emailChanges = body.email !== undefined && body.email !== user.email;
  if (emailChanges || body.newPassword !== undefined) {
    await checkCurrentPassword(user, body.currentPassword, emailChanges ? 'email' : 'password');
  }
  if (body.email !== undefined && emailChanges) {
    if (await findUserByEmail(ctx.db, body.email))
      throw new Conflict('An account with this email already exists', 'email');
    patch.email = body.email;
  }
  if (body.newPassword !== undefined) patch.passwordHash = await hashPassword(body.newPassword);
  if (body.avatarPath !== undefined && input.avatar === undefined) {
    patch.avatar = resolveAvatarPath(ctx.config.UPLOAD_DIR, body.avatarPath, user.avatar);
  }
  if (input.avatar !== undefined) patch.avatar = await storeAvatar(ctx.config.UPLOAD_DIR, input.avatar);

  let updated: UserRow | undefined;
  try {
    updated = await updateUser(ctx.db, user.id, patch);
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict('An account with this email already exists', 'email');
    throw error;
  }
  if (!updated) throw new NotFound('User not found');
  ctx.sessionCache.forget({ userId: user.id });
  if (patch.passwordHash !== undefined) await endOtherSessions(ctx, user.id, sessionId);
  if (patch.avatar !== undefined && user.avatar && user.avatar !== patch.avatar) {
    await removeAvatar(ctx.config.UPLOAD_DIR, user.avatar);
  }
  // After the write: no one hears about a change that did not happen.
  announceProfile(ctx.bus, updated);
  // Whenever it is sent, not only when it differs from `user`: that row may be a cached copy from
  // before another device's change, and hearing the same setting twice changes nothing.
  if (patch.shareReadReceipts !== undefined) {
    ctx.bus.publish('read-receipts:changed', {
      userId: updated.id,
      shareReadReceipts: updated.shareReadReceipts,
    });
  }
  if (patch.email !== undefined) await tellOldAddress(ctx, user, patch.email);
  return updated;
}

/**
 * R-PROFILE-6: the old address hears of an email change, so a taken-over account is noticed by its
 * owner even after the thief moved it to an address of their own.
 */
async function tellOldAddress(ctx: Context, user: UserRow, newEmail: string): Promise<void> {
  await ctx.mailer.send({
    to: user.email,
    subject: 'Your Stoop email address was changed',
    text: [
      `Hi ${user.username},`,
      '',
      `The email address of your Stoop account was changed to ${newEmail}.`,
      'Mails from Stoop now go to that address.',
      '',
      'If you did not make this change, contact your community admin at once.',
    ].join('\n'),
  });
}

/**
 * avatarPath: '' clears the avatar, else it must name the user's own stored avatar file. Another
 * user's file is refused: adopting it would let the next upload delete it as the "old" avatar.
 */
function resolveAvatarPath(uploadDir: string, avatarPath: string, current: string | null): string | null {
  if (avatarPath === '') return null;
  const file = avatarPath.replace(/^\/api\/avatars\//, '');
  const own = file === current;
  if (!own || !AVATAR_FILE_PATTERN.test(file) || !existsSync(path.join(avatarDir(uploadDir), file))) {
    throw new Invalid('avatarPath: must be your current avatar URL, or empty', 'avatarPath');
  }
  return file;
}

/** A user's row by id, for other domains' rules (no visibility rule applied: see getVisibleUser). */
export function findUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  return findUserById(db, id);
}

// Account records for the domains that manage accounts (auth, admin, seed). They apply no
// visibility rule: the caller's own rule decides who may ask.

export type { UserPatch };

export function findUserWithEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  return findUserByEmail(db, email);
}

export function findUsersWithEmails(db: DbOrTx, emails: readonly string[]): Promise<UserRow[]> {
  return findUsersByEmails(db, emails);
}

export function createUser(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
  return insertUser(db, values);
}

export function patchUser(db: DbOrTx, id: string, patch: UserPatch): Promise<UserRow | undefined> {
  return updateUser(db, id, patch);
}

export function listAccounts(db: DbOrTx, filter: Parameters<typeof listUsers>[1]): Promise<UserRow[]> {
  return listUsers(db, filter);
}

export function countAccounts(db: DbOrTx, filter: Parameters<typeof countUsers>[1]): Promise<number> {
  return countUsers(db, filter);
}

/** Removes an account; its sessions and tokens go with it (the caller decides who may be removed). */
export function removeUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  return deleteUser(db, id);
}

/** The active admins' ids, their rows locked until the transaction ends. */
export function lockActiveAdminIds(tx: DbOrTx): Promise<string[]> {
  return lockActiveAdminRows(tx);
}

export function adminCount(db: DbOrTx): Promise<number> {
  return countAdmins(db);
}

/** Several users' rows by id, for other domains (the flagged queue names authors and flaggers). */
export function findUsers(db: DbOrTx, ids: string[]): Promise<UserRow[]> {
  return findUsersByIds(db, ids);
}

/** Ids of the users of this username, ignoring case (usernames may repeat): search's from:@ and in:@. */
export function userIdsNamed(db: DbOrTx, username: string): Promise<string[]> {
  return findUsersByUsername(db, username);
}
