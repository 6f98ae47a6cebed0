import type { ConversationRow, UserRow } from '../db/schema/index.ts';
import { Forbidden } from '../errors.ts';

/**
 * The access rule of R-ACCESS-1, R-ACCESS-2 in TypeScript. sql.ts writes the same rule
 * as SQL for the statements that apply it themselves; access.test.ts holds the two equal.
 */

/** Who asks: a signed-in user's row, or null for an anonymous caller. */
export type Viewer = Pick<UserRow, 'id' | 'role' | 'isLocked'>;

/** The conversation fields the rule looks at. */
export type ConversationFacts = Pick<ConversationRow, 'type' | 'adminHidden'>;

/**
 * read: see it and its messages. write: post (posting into a channel then joins). manage: rename,
 * re-icon or delete (the creator or an admin).
 */
export type AccessMode = 'read' | 'write' | 'manage';

export function isAdmin(user: Pick<UserRow, 'role'> | null | undefined): boolean {
  return user?.role === 'admin';
}

/**
 * Whether `viewer` may see what an admin hid in a message: its author and admins. Every
 * one else gets the message without content (messages/present.ts presentFor; history pages in SQL).
 */
export function seesHiddenContent(viewer: Pick<Viewer, 'id' | 'role'>, authorId: string): boolean {
  return isAdmin(viewer) || viewer.id === authorId;
}

/** Throws 403 FORBIDDEN unless the user is an admin. */
/** What an admins' call answers anyone else (the route guard, the services). */
export const ONLY_ADMINS = 'Only admins can do that';

export function requireAdmin(user: Pick<UserRow, 'role'> | null | undefined): void {
  if (!isAdmin(user)) throw new Forbidden(ONLY_ADMINS);
}

/**
 * A direct conversation is readable only by its participants (anyone else, admins included, is
 * told it does not exist); a channel by every approved resident unless an admin hid it (admins
 * still see hidden ones); a locked or anonymous caller reads nothing.
 */
export function canRead(
  conversation: ConversationFacts,
  viewer: Pick<UserRow, 'role' | 'isLocked'> | null,
  participant: boolean,
): boolean {
  if (!viewer || viewer.isLocked) return false;
  if (conversation.type === 'direct') return participant;
  return !conversation.adminHidden || isAdmin(viewer);
}

/**
 * Posting follows reading: a direct conversation takes its participants' posts, a channel every
 * approved resident's, a hidden channel only admins'. Kept as its own name so the send path states
 * which rule it applies.
 */
export function canWrite(
  conversation: ConversationFacts,
  viewer: Pick<UserRow, 'role' | 'isLocked'> | null,
  participant: boolean,
): boolean {
  return canRead(conversation, viewer, participant);
}

/** Renaming, re-iconing or deleting: the creator or an admin, on top of reading it. */
export function canManage(
  conversation: Pick<ConversationRow, 'createdBy'>,
  viewer: Pick<Viewer, 'id' | 'role'>,
): boolean {
  return conversation.createdBy === viewer.id || isAdmin(viewer);
}
