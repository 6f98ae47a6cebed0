import { validate as isUuid } from 'uuid';
import type { CreatePollBody, Poll, PollView, VotePollBody } from '@stoop/shared';
import {
  POLL_ALREADY_CLOSED,
  requireConversationAccess,
  requirePollClose,
  requirePollVote,
  type AccessMode,
} from '../access/index.ts';
import type { Context } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import type { PollRow, UserRow } from '../db/schema/index.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import { sendMessage } from '../messages/service.ts';
import { inTransaction } from '../transaction.ts';
import { isClosed, presentPoll, viewFor } from './present.ts';
import * as repo from './repo.ts';

const POLL_NOT_FOUND = 'Poll not found';

/**
 * POST /api/conversations/{id}/polls: anyone who may post in the conversation
 * asks; the poll's message goes through the ordinary send path (change feed, sockets, sync) with the
 * poll's id. Should the send be refused after all, the poll goes again.
 */
export async function createPoll(
  ctx: Context,
  user: UserRow,
  conversationId: string,
  body: CreatePollBody,
): Promise<PollView> {
  await requireConversationAccess(ctx.db, user, conversationId, 'write');
  const row = await inTransaction(ctx, (tx) =>
    repo.insertPoll(
      tx,
      {
        conversationId,
        createdBy: user.id,
        question: body.question,
        multiple: body.multiple,
        anonymous: body.anonymous,
        closesAt: body.closesAt ? new Date(body.closesAt) : null,
      },
      body.options,
    ),
  );
  try {
    await sendMessage(ctx, user, conversationId, { content: body.question, pollId: row.id }, undefined);
  } catch (error) {
    await repo.deletePoll(ctx.db, row.id);
    throw error;
  }
  return viewFor(await tally(ctx.db, row), [], user);
}

/** GET /api/polls/{id} (R-POLL-4): to those who may read its conversation, else 404. */
export async function getPoll(ctx: Context, user: UserRow, id: string): Promise<PollView> {
  const row = await accessiblePoll(ctx.db, user, id, 'read');
  const [poll, mine] = await Promise.all([tally(ctx.db, row), repo.optionsOf(ctx.db, user.id, row.id)]);
  return viewFor(poll, mine, user);
}

/**
 * POST /api/polls/{id}/votes: the choice replaces the resident's earlier one until the
 * poll closes; everyone in the conversation gets the new counts (poll:updated) after commit.
 */
export async function vote(ctx: Context, user: UserRow, id: string, body: VotePollBody): Promise<PollView> {
  const row = await accessiblePoll(ctx.db, user, id, 'write');
  requirePollVote({ closed: isClosed(row) });
  if (!row.multiple && body.optionIds.length > 1)
    throw new Invalid('This poll takes one option', 'optionIds');
  const poll = await inTransaction(ctx, async (tx, events) => {
    const known = new Set(await repo.optionIds(tx, row.id));
    if (!body.optionIds.every((optionId) => known.has(optionId)))
      throw new Invalid('Not an option of this poll', 'optionIds');
    await repo.replaceVote(tx, row.id, user.id, body.optionIds);
    const counted = await tally(tx, row);
    events.publish('poll:updated', { poll: counted });
    return counted;
  });
  return viewFor(poll, body.optionIds, user);
}

/**
 * POST /api/polls/{id}/close (R-POLL-7): the asker, or an admin who may read the conversation, ends
 * the vote now; the counts stay and everyone in the conversation sees it closed (poll:updated).
 */
export async function closePoll(ctx: Context, user: UserRow, id: string): Promise<PollView> {
  const row = await accessiblePoll(ctx.db, user, id, 'read');
  requirePollClose(user, { createdBy: row.createdBy, closed: isClosed(row) });
  const poll = await inTransaction(ctx, async (tx, events) => {
    const closed = await repo.closePoll(tx, row.id);
    if (!closed) throw new Conflict(POLL_ALREADY_CLOSED);
    const counted = await tally(tx, closed);
    events.publish('poll:updated', { poll: counted });
    return counted;
  });
  return viewFor(poll, await repo.optionsOf(ctx.db, user.id, row.id), user);
}

async function tally(db: DbOrTx, row: PollRow): Promise<Poll> {
  const [options, voters] = await Promise.all([repo.tallyOptions(db, row.id), repo.countVoters(db, row.id)]);
  return presentPoll(row, options, voters);
}

/** The poll if its conversation allows `mode`; otherwise 404, so a direct conversation's poll never leaks. */
async function accessiblePoll(db: DbOrTx, user: UserRow, id: string, mode: AccessMode): Promise<PollRow> {
  const row = isUuid(id) ? await repo.findPoll(db, id) : undefined;
  if (!row) throw new NotFound(POLL_NOT_FOUND);
  await requireConversationAccess(db, user, row.conversationId, mode, () => new NotFound(POLL_NOT_FOUND));
  return row;
}
