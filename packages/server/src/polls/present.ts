import type { Poll, PollView } from '@stoop/shared';
import { pollAbilities, type AbilityViewer } from '../access/index.ts';
import type { PollRow } from '../db/schema/index.ts';
import type { OptionTally } from './repo.ts';

/** Whether the poll no longer takes votes at `now`. */
export const isClosed = (poll: Pick<PollRow, 'closesAt'>, now = new Date()): boolean =>
  poll.closesAt !== null && poll.closesAt.getTime() <= now.getTime();

/**
 * The poll as everyone in its conversation sees it. An anonymous poll names no voter to anyone,
 * admins included: its voterIds are always empty.
 */
export function presentPoll(row: PollRow, options: OptionTally[], voterCount: number): Poll {
  return {
    id: row.id,
    conversationId: row.conversationId,
    createdBy: row.createdBy,
    question: row.question,
    multiple: row.multiple,
    anonymous: row.anonymous,
    closesAt: row.closesAt ? row.closesAt.toISOString() : null,
    closed: isClosed(row),
    createdAt: row.createdAt.toISOString(),
    options: options.map((o) => ({
      id: o.id,
      text: o.text,
      votes: o.votes,
      voterIds: row.anonymous ? [] : o.voterIds,
    })),
    voterCount,
  };
}

/** The poll for `viewer`: with the options they chose and what they may do with it. */
export const viewFor = (poll: Poll, myOptionIds: string[], viewer: AbilityViewer): PollView => ({
  ...poll,
  myOptionIds,
  abilities: pollAbilities(viewer, poll),
});
