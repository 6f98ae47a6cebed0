import { REACTIONS_MAX_DISTINCT, type Message, type Reaction } from '@stoop/shared';
import type { UserRow } from '../db/schema/index.ts';
import type { Context } from '../context.ts';
import { Invalid } from '../errors.ts';
import { presentFor } from './present.ts';
import * as repo from './repo.ts';
import { commitChange, presentOne, reactableMessage } from './service.ts';

/** The list with `userId` added to `emoji` (a new emoji goes last), or null when it is there already. */
function withReaction(reactions: Reaction[], emoji: string, userId: string): Reaction[] | null {
  const existing = reactions.find((r) => r.emoji === emoji);
  if (existing?.userIds.includes(userId)) return null;
  if (!existing) {
    if (reactions.length >= REACTIONS_MAX_DISTINCT) {
      throw new Invalid(
        `A message can have at most ${REACTIONS_MAX_DISTINCT} different reactions; add yours to one of them`,
        'emoji',
      );
    }
    return [...reactions, { emoji, userIds: [userId] }];
  }
  return reactions.map((r) => (r === existing ? { emoji, userIds: [...r.userIds, userId] } : r));
}

/** The list without `userId` on `emoji` (an emoji nobody is left on goes), or null when they had none. */
function withoutReaction(reactions: Reaction[], emoji: string, userId: string): Reaction[] | null {
  const existing = reactions.find((r) => r.emoji === emoji);
  if (!existing?.userIds.includes(userId)) return null;
  return reactions.flatMap((r) => {
    if (r !== existing) return [r];
    const userIds = r.userIds.filter((id) => id !== userId);
    return userIds.length ? [{ emoji, userIds }] : [];
  });
}

/**
 * POST /api/messages/{id}/reactions and DELETE /api/messages/{id}/reactions/{emoji} (
 * R-REACT-3): anyone who may read the message, not on a tombstone or on a message hidden
 * from them. Giving a reaction twice, or taking back one never given, changes nothing and answers
 * the message as it is (no seq, no event); a change reaches everyone in the conversation live.
 */
export async function changeReaction(
  ctx: Context,
  user: UserRow,
  id: string,
  emoji: string,
  add: boolean,
): Promise<Message> {
  await reactableMessage(ctx, user, id);
  const message = await commitChange(ctx, 'message:updated', async (tx) => {
    // Read under the change lock: no other change to this message runs until commit.
    const row = await repo.findMessage(tx, id);
    if (!row || row.deletedAt) return undefined;
    const reactions = add
      ? withReaction(row.reactions, emoji, user.id)
      : withoutReaction(row.reactions, emoji, user.id);
    if (!reactions) throw new Unchanged();
    return repo.changeMessage(tx, id, { reactions });
  }).catch(async (error: unknown) => {
    if (!(error instanceof Unchanged)) throw error;
    const row = await repo.findMessage(ctx.db, id);
    if (!row) throw error;
    return presentOne(ctx.db, row);
  });
  return presentFor(user, message);
}

/** Thrown out of the transaction when a reaction call changes nothing, so nothing is published. */
class Unchanged extends Error {}
