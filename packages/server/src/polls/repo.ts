import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.ts';
import { pollOptions, polls, pollVotes, type PollOptionRow, type PollRow } from '../db/schema/index.ts';

/** One option with its votes; voterIds in the order they voted. */
export type OptionTally = PollOptionRow & { votes: number; voterIds: string[] };

export async function insertPoll(
  tx: Tx,
  poll: Pick<PollRow, 'conversationId' | 'createdBy' | 'question' | 'multiple' | 'anonymous' | 'closesAt'>,
  options: string[],
): Promise<PollRow> {
  const [row] = await tx.insert(polls).values(poll).returning();
  if (!row) throw new Error('insert into polls returned no row');
  await tx.insert(pollOptions).values(options.map((text, position) => ({ pollId: row.id, position, text })));
  return row;
}

export async function deletePoll(db: DbOrTx, id: string): Promise<void> {
  await db.delete(polls).where(eq(polls.id, id));
}

export async function findPoll(db: DbOrTx, id: string): Promise<PollRow | undefined> {
  const [row] = await db.select().from(polls).where(eq(polls.id, id));
  return row;
}

/** Ends the vote now; nothing when it had already closed (a second close, or the time passed). */
export async function closePoll(db: DbOrTx, id: string): Promise<PollRow | undefined> {
  const [row] = await db
    .update(polls)
    .set({ closesAt: sql`now()` })
    .where(and(eq(polls.id, id), sql`(${polls.closesAt} is null or ${polls.closesAt} > now())`))
    .returning();
  return row;
}

/** The ids of a poll's options, without their votes. */
export async function optionIds(db: DbOrTx, pollId: string): Promise<string[]> {
  const rows = await db
    .select({ id: pollOptions.id })
    .from(pollOptions)
    .where(eq(pollOptions.pollId, pollId));
  return rows.map((r) => r.id);
}

/** The options of a poll, as asked, each with its count and voters. */
export async function tallyOptions(db: DbOrTx, pollId: string): Promise<OptionTally[]> {
  return db
    .select({
      id: pollOptions.id,
      pollId: pollOptions.pollId,
      position: pollOptions.position,
      text: pollOptions.text,
      votes: sql<number>`count(${pollVotes.userId})::int`,
      voterIds: sql<
        string[]
      >`coalesce(array_agg(${pollVotes.userId} order by ${pollVotes.votedAt}, ${pollVotes.userId}) filter (where ${pollVotes.userId} is not null), '{}')`,
    })
    .from(pollOptions)
    .leftJoin(pollVotes, eq(pollVotes.optionId, pollOptions.id))
    .where(eq(pollOptions.pollId, pollId))
    .groupBy(pollOptions.id)
    .orderBy(asc(pollOptions.position));
}

/** How many residents voted (each once, whatever they chose). */
export async function countVoters(db: DbOrTx, pollId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${pollVotes.userId})::int` })
    .from(pollVotes)
    .where(eq(pollVotes.pollId, pollId));
  return row?.n ?? 0;
}

export async function optionsOf(db: DbOrTx, userId: string, pollId: string): Promise<string[]> {
  const rows = await db
    .select({ optionId: pollVotes.optionId })
    .from(pollVotes)
    .where(and(eq(pollVotes.pollId, pollId), eq(pollVotes.userId, userId)));
  return rows.map((r) => r.optionId);
}

/** Replaces a resident's vote: the earlier choice goes, the new one stays. */
export async function replaceVote(
  tx: Tx,
  pollId: string,
  userId: string,
  optionIds: string[],
): Promise<void> {
  await tx.delete(pollVotes).where(and(eq(pollVotes.pollId, pollId), eq(pollVotes.userId, userId)));
  await tx.insert(pollVotes).values(optionIds.map((optionId) => ({ pollId, optionId, userId })));
}
