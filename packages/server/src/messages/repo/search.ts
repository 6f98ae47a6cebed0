import { inArray, sql, type SQL } from 'drizzle-orm';
import { SEARCH_RANKED_CANDIDATES, SEARCH_TOTAL_CAP } from '@stoop/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { conversationParticipants, conversations, messages, type MessageRow } from '../../db/schema/index.ts';
import { canReadSql, viewerParams, type Viewer } from '../../access/index.ts';

/** A search with its modifiers resolved to ids and instants (messages/search.ts builds it). */
export type SearchPlan = {
  viewer: Viewer;
  /** Whole words (plainto_tsquery: the database's own word splitting). */
  words: string[];
  phrases: string[];
  /** Letters and digits only, matched as a prefix. */
  prefix: string | null;
  /** from:@: messages by any of these users. */
  authorIds: string[] | null;
  /** in:: messages in one of these conversations. */
  conversationIds: string[] | null;
  createdBefore: Date | null;
  createdFrom: Date | null;
  hasFile: boolean;
  hasLink: boolean;
  limit: number;
  offset: number;
};

/** The text part of the search as one tsquery, or null when the search is modifiers only. */
function tsQueryOf(plan: SearchPlan): SQL | null {
  const parts: SQL[] = [];
  if (plan.words.length) parts.push(sql`plainto_tsquery('simple', ${plan.words.join(' ')})`);
  for (const phrase of plan.phrases) parts.push(sql`phraseto_tsquery('simple', ${phrase})`);
  // The prefix holds only letters and digits (shared parser), so quoting it cannot break out.
  if (plan.prefix) parts.push(sql`to_tsquery('simple', ${`'${plan.prefix}':*`})`);
  return parts.length ? sql`(${sql.join(parts, sql` && `)})` : null;
}

/**
 * `from messages m join conversations c … where …`: the messages the search matches that the viewer
 * may read (R-SEARCH-4: the access rule of access/sql.ts, on the same statement), undeleted.
 */
function matching(plan: SearchPlan, tsQuery: SQL | null): SQL {
  const viewer = viewerParams(plan.viewer);
  // The viewer's conversations as one set (conversation_participants_user_idx), not a probe per row.
  const participant = sql`c.id in (select cp.conversation_id from ${conversationParticipants} cp
    where cp.user_id = ${viewer.id})`;
  const conditions: SQL[] = [sql`m.deleted_at is null`, canReadSql('c', viewer, participant)];
  if (tsQuery) conditions.push(sql`m.search_vector @@ ${tsQuery}`);
  if (plan.authorIds) conditions.push(sql`m.user_id = any(${sql.param(plan.authorIds)}::uuid[])`);
  if (plan.conversationIds)
    conditions.push(sql`m.conversation_id = any(${sql.param(plan.conversationIds)}::uuid[])`);
  if (plan.createdBefore)
    conditions.push(sql`m.created_at < ${plan.createdBefore.toISOString()}::timestamptz`);
  if (plan.createdFrom) conditions.push(sql`m.created_at >= ${plan.createdFrom.toISOString()}::timestamptz`);
  if (plan.hasFile) conditions.push(sql`m.file_id is not null`);
  if (plan.hasLink) conditions.push(sql`m.content ~* '(https?://|www\\.)[^[:space:]]'`);
  return sql`from ${messages} m join ${conversations} c on c.id = m.conversation_id
    where ${sql.join(conditions, sql` and `)}`;
}

/**
 * One page of results, best first (R-SEARCH-7). The newest SEARCH_RANKED_CANDIDATES matches are
 * ranked by ts_rank_cd (words close together rank higher), ties newest first; pages past them
 * continue by recency. Ranking every match of a common word would read and sort all of them
 * (168 ms for a word in 6 % of 1,000,000 messages); the newest few hundred are read from
 * messages_created_idx backwards and cost the same however common the word is.
 */
async function pageIds(tx: DbOrTx, plan: SearchPlan, tsQuery: SQL | null): Promise<string[]> {
  const from = matching(plan, tsQuery);
  const ranked = tsQuery !== null && plan.offset < SEARCH_RANKED_CANDIDATES;
  const statement = ranked
    ? sql`with candidates as materialized (
          select m.id, m.created_at, ts_rank_cd(m.search_vector, ${tsQuery}) as rank ${from}
          order by m.created_at desc, m.id desc limit ${SEARCH_RANKED_CANDIDATES})
        select id from candidates order by rank desc, created_at desc, id desc
        limit ${plan.limit} offset ${plan.offset}`
    : sql`select m.id ${from} order by m.created_at desc, m.id desc limit ${plan.limit} offset ${plan.offset}`;
  return rowsOf<{ id: string }>(await tx.execute(statement)).map((r) => r.id);
}

/** How many messages match, counting no further than SEARCH_TOTAL_CAP + 1. */
async function boundedCount(tx: DbOrTx, plan: SearchPlan, tsQuery: SQL | null): Promise<number> {
  const result = await tx.execute(
    sql`select count(*) as n from (select 1 ${matching(plan, tsQuery)} limit ${SEARCH_TOTAL_CAP + 1}) x`,
  );
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
}

/**
 * The page's rows in rank order and the total. Read in one read-only transaction that plans each
 * statement for its own values: whether to walk the newest messages or look the words up in
 * messages_search_idx depends on how common the words are, which a generic plan (what PGlite's
 * prepared statements use, db/client.ts) cannot see.
 */
export async function searchMessages(
  db: Db,
  plan: SearchPlan,
): Promise<{ rows: MessageRow[]; total: number; totalIsLowerBound: boolean }> {
  const tsQuery = tsQueryOf(plan);
  const { ids, count } = await db.transaction(
    async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
      const ids = await pageIds(tx, plan, tsQuery);
      // A first page with room to spare holds every match: nothing more to count.
      const count =
        plan.offset === 0 && ids.length < plan.limit ? ids.length : await boundedCount(tx, plan, tsQuery);
      return { ids, count };
    },
    { accessMode: 'read only' },
  );
  const found = ids.length ? await db.select().from(messages).where(inArray(messages.id, ids)) : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  return {
    rows: ids.flatMap((id) => byId.get(id) ?? []),
    total: Math.min(count, SEARCH_TOTAL_CAP),
    totalIsLowerBound: count > SEARCH_TOTAL_CAP,
  };
}
