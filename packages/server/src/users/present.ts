import {
  userMetadataSchema,
  defaultUserMetadata,
  type PresentedUser,
  type PublicUser,
  type User,
  type UserMetadata,
} from '@stoop/shared';
import { isAdmin } from '../access/rules.ts';
import type { UserRow } from '../db/schema/index.ts';

const avatarUrl = (file: string | null) => (file ? `/api/avatars/${file}` : null);

/** Stored metadata with the profile defaults filled in (rows written before a field existed). */
export function metadataOf(row: UserRow): UserMetadata {
  const parsed = userMetadataSchema.safeParse(row.metadata);
  return parsed.success ? parsed.data : defaultUserMetadata();
}

/** The full shape, for the owner and admins. Never includes the password hash. */
export function presentSelf(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    description: row.description,
    avatar: avatarUrl(row.avatar),
    metadata: metadataOf(row),
    role: row.role,
    isLocked: row.isLocked,
    // Locked without a reason means pending approval.
    reasonForLock: row.isLocked ? (row.lockReason ?? 'pending_approval') : null,
    shareReadReceipts: row.shareReadReceipts,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What `viewer` may see of `row`: owner and admins get email and lock state, others the public shape. */
export function presentUser(row: UserRow, viewer: UserRow | null): PresentedUser {
  if (viewer && (viewer.id === row.id || isAdmin(viewer))) return presentSelf(row);
  return presentPublic(row);
}

/** The public shape only, whoever receives it: what a broadcast to the whole community carries. */
export function presentPublic(row: UserRow): PublicUser {
  const {
    email: _email,
    isLocked: _isLocked,
    reasonForLock: _reason,
    shareReadReceipts: _shares,
    ...publicFields
  } = presentSelf(row);
  return publicFields;
}

/** A conversation participant as the details page lists them: name, avatar URL and role. */
export function presentParticipant(row: UserRow): Pick<PublicUser, 'id' | 'username' | 'avatar' | 'role'> {
  return { id: row.id, username: row.username, avatar: avatarUrl(row.avatar), role: row.role };
}
