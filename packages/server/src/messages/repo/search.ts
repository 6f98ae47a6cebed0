import { inArray, sql, type SQL } from 'drizzle-orm';
import { SEARCH_CANDIDATES } from '@stoop/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { conversationParticipants, conversations, messages, type MessageRow } from '../../db/schema/index.ts';
import { canReadSql, isAdmin, viewerParams, type Viewer } from '../../access/index.ts';

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
  // R-ADMIN-9: words an admin hid are not searchable by those who may not read them (a hit would tell).
  if (!isAdmin(plan.viewer)) conditions.push(sql`(not m.admin_hidden or m.user_id = ${viewer.id})`);
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
 * The newest SEARCH_CANDIDATES matches, read from messages_created_idx backwards (or, for rare
 * words, from messages_search_idx and sorted: the planner picks), ranked by ts_rank_cd (words close
 * together rank higher; ties newest first), and whether there are more. Ranking or counting every
 * match of a common word would read all of them from the heap (168 ms for a word in 6 % of
 * 1,000,000 messages); the newest few hundred cost the same however common the word is.
 */
async function candidates(
  tx: DbOrTx,
  plan: SearchPlan,
  tsQuery: SQL | null,
): Promise<{ ranked: string[]; found: number }> {
  const rank = tsQuery ? sql`ts_rank_cd(m.search_vector, ${tsQuery})` : sql`0`;
  const result = await tx.execute(sql`
    with newest as materialized (
      select m.id, m.created_at, ${rank} as rank ${matching(plan, tsQuery)}
      order by m.created_at desc, m.id desc limit ${SEARCH_CANDIDATES + 1})
    select (select count(*) from newest) as found,
      (select coalesce(json_agg(r.id order by r.rank desc, r.created_at desc, r.id desc), '[]'::json)
        from (select * from newest order by created_at desc, id desc limit ${SEARCH_CANDIDATES}) r) as ranked`);
  const [row] = rowsOf<{ found: number | string; ranked: string[] | string }>(result);
  const ranked = typeof row?.ranked === 'string' ? (JSON.parse(row.ranked) as string[]) : (row?.ranked ?? []);
  return { ranked, found: Number(row?.found ?? 0) };
}

/** A page past the ranked candidates: by recency. */
async function olderPage(tx: DbOrTx, plan: SearchPlan, tsQuery: SQL | null): Promise<string[]> {
  const result = await tx.execute(
    sql`select m.id ${matching(plan, tsQuery)} order by m.created_at desc, m.id desc limit ${plan.limit} offset ${plan.offset}`,
  );
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/**
 * The page's rows in rank order and the total (R-SEARCH-7). Read in one read-only transaction
 * that plans each statement for its own values: whether to walk the newest messages or look the
 * words up in messages_search_idx depends on how common the words are, which a generic plan (what
 * PGlite's prepared statements use, db/client.ts) cannot see.
 */
export async function searchMessages(
  db: Db,
  plan: SearchPlan,
): Promise<{ rows: MessageRow[]; total: number; totalIsLowerBound: boolean }> {
  const tsQuery = tsQueryOf(plan);
  const { ids, found } = await db.transaction(
    async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
      const { ranked, found } = await candidates(tx, plan, tsQuery);
      const ids =
        plan.offset < SEARCH_CANDIDATES
          ? ranked.slice(plan.offset, plan.offset + plan.limit)
          : await olderPage(tx, plan, tsQuery);
      return { ids, found };
    },
    { accessMode: 'read only' },
  );
  const rows = ids.length ? await db.select().from(messages).where(inArray(messages.id, ids)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    rows: ids.flatMap((id) => byId.get(id) ?? []),
    total: Math.min(found, SEARCH_CANDIDATES),
    totalIsLowerBound: found > SEARCH_CANDIDATES,
  };
}
