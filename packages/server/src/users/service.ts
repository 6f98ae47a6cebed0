import { existsSync } from 'node:fs';
import path from 'node:path';
import { profileFieldsSchema, userMetadataSchema, type UserStatus } from '@stoop/shared';
import type { Context } from '../context.ts';
import type { PendingEvents } from '../transaction.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { DbOrTx } from '../db/client.ts';
import type { UserRow } from '../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { AVATAR_FILE_PATTERN, avatarDir, removeAvatar, storeAvatar } from './avatar.ts';
import { presentPublic } from './present.ts';
import {
  findUserByEmail,
  findUserById,
  findUsersByUsername,
  listUsers,
  updateUser,
  type UserPatch,
} from './repo.ts';
import { isAdmin } from '../access/rules.ts';

/**
 * Tells every approved resident's client about a user's new public fields (never a locked one's).
 * `events` is a transaction's (inTransaction) or, after a committed single write, the bus.
 */
export function announceProfile(events: Pick<PendingEvents, 'publish'>, row: UserRow): void {
  if (!row.isLocked) events.publish('profile:updated', { user: presentPublic(row) });
}

/** The directory: approved residents only (locked accounts stay invisible). */
export function listDirectory(
  ctx: Context,
  query: { q?: string | undefined; limit: number; offset: number },
) {
  return listUsers(ctx.db, {
    status: 'unlocked' satisfies UserStatus,
    limit: query.limit,
    offset: query.offset,
    ...(query.q ? { q: query.q } : {}),
  });
}

/** A user by id; non-admins only see approved users and themselves. */
export async function getVisibleUser(ctx: Context, id: string, viewer: UserRow): Promise<UserRow> {
  const user = await findUserById(ctx.db, id);
  if (!user || (user.isLocked && !isAdmin(viewer) && viewer.id !== user.id)) {
    throw notFound('User not found');
  }
  return user;
}

/** Raw PUT /api/profile input: text fields as sent (multipart gives strings) and an optional avatar. */
export type ProfileInput = { fields: Record<string, unknown>; avatar?: Buffer };

function parseMetadataField(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw badRequest('metadata: must be a JSON object', 'metadata');
  }
}

/** Validates and applies a profile change of `user`. */
export async function updateProfile(ctx: Context, user: UserRow, input: ProfileInput): Promise<UserRow> {
  const fields = { ...input.fields };
  if ('metadata' in fields) fields.metadata = parseMetadataField(fields.metadata);
  const parsed = profileFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || undefined;
    throw badRequest(`${field ?? 'profile'}: ${issue?.message ?? 'invalid value'}`, field);
  }
  const body = parsed.data;
  const patch: UserPatch = {};
  if (body.username !== undefined) patch.username = body.username;
  if (body.description !== undefined) patch.description = body.description;
  if (body.metadata !== undefined) {
    const merged = userMetadataSchema.safeParse({ ...user.metadata, ...body.metadata });
    if (!merged.success) {
      const issue = merged.error.issues[0];
      const field = ['metadata', ...(issue?.path ?? [])].join('.');
      throw badRequest(`${field}: ${issue?.message ?? 'invalid value'}`, field);
    }
    patch.metadata = merged.data;
  }
  if (body.email !== undefined && body.email !== user.email) {
    if (await findUserByEmail(ctx.db, body.email))
      throw conflict('An account with this email already exists', 'email');
    patch.email = body.email;
  }
  if (body.avatarPath !== undefined && input.avatar === undefined) {
    patch.avatar = resolveAvatarPath(ctx.config.UPLOAD_DIR, body.avatarPath, user.avatar);
  }
  if (input.avatar !== undefined) patch.avatar = await storeAvatar(ctx.config.UPLOAD_DIR, input.avatar);

  let updated: UserRow | undefined;
  try {
    updated = await updateUser(ctx.db, user.id, patch);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('An account with this email already exists', 'email');
    throw error;
  }
  if (!updated) throw notFound('User not found');
  ctx.sessionCache.forget({ userId: user.id });
  if (patch.avatar !== undefined && user.avatar && user.avatar !== patch.avatar) {
    await removeAvatar(ctx.config.UPLOAD_DIR, user.avatar);
  }
  // After the write: no one hears about a change that did not happen.
  announceProfile(ctx.bus, updated);
  return updated;
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
    throw badRequest('avatarPath: must be your current avatar URL, or empty', 'avatarPath');
  }
  return file;
}

/** A user's row by id, for other domains' rules (no visibility rule applied: see getVisibleUser). */
export function findUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  return findUserById(db, id);
}

/** Ids of the users of this username, ignoring case (usernames may repeat): search's from:@ and in:@ (R-SEARCH-5). */
export function userIdsNamed(db: DbOrTx, username: string): Promise<string[]> {
  return findUsersByUsername(db, username);
}
