import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_CANDIDATES, type Message } from '@stoop/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { plansEachCall, withCustomPlans } from '../../db/custom-plans.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  conversationParticipants,
  conversations,
  files,
  messageLikes,
  messages,
} from '../../db/schema/index.ts';
import { canReadSql, isAdmin, viewerParams, type Viewer } from '../../access/index.ts';
import { conversationNameSql } from '../../conversations/repo.ts';
import { jsonValue, splitPage } from './history-page.ts';
import { presentedMessageColumns } from './present-sql.ts';

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
  /** How many of the newest messages to walk before asking the indexes (tests make it small). */
  walk?: number;
};

/** The text part of the search as one tsquery, or null when the search is modifiers only. */
function tsQueryOf(plan: SearchPlan, phrasesAsWords = false): SQL | null {
  const parts: SQL[] = [];
  const words = phrasesAsWords ? [...plan.words, ...plan.phrases] : plan.words;
  if (words.length) parts.push(sql`plainto_tsquery('simple', ${words.join(' ')})`);
  if (!phrasesAsWords)
    for (const phrase of plan.phrases) parts.push(sql`phraseto_tsquery('simple', ${phrase})`);
  // The prefix holds only letters and digits (shared parser), so quoting it cannot break out.
  if (plan.prefix) parts.push(sql`to_tsquery('simple', ${`'${plan.prefix}':*`})`);
  return parts.length ? sql`(${sql.join(parts, sql` && `)})` : null;
}

/**
 * `from messages m join conversations c … where …`: the messages the search matches that the viewer
 * may read (R-SEARCH-4: the access rule of access/sql.ts, on the same statement), undeleted.
 */
function matching(plan: SearchPlan, tsQuery: SQL | null, extra: SQL[] = []): SQL {
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
  conditions.push(...extra);
  return sql`from ${messages} m join ${conversations} c on c.id = m.conversation_id
    where ${sql.join(conditions, sql` and `)}`;
}

/**
 * The ids of the page, each with its place on it. Within the newest SEARCH_CANDIDATES matches (read
 * from messages_created_idx backwards, or for rare words from messages_search_idx and sorted: the
 * planner picks) they are ranked by ts_rank_cd (words close together rank higher; ties newest
 * first). Ranking or counting every match of a common word would read all of them from the heap
 * (168 ms for a word in 6 % of 1,000,000 messages); the newest few hundred cost the same however
 * common the word is. A page past them is by recency.
 */
function pageIds(plan: SearchPlan, tsQuery: SQL | null): SQL {
  if (plan.offset >= SEARCH_CANDIDATES)
    return sql`select o.id, row_number() over (order by o.created_at desc, o.id desc) as place
      from (select m.id, m.created_at ${matching(plan, tsQuery)}
        order by m.created_at desc, m.id desc limit ${plan.limit} offset ${plan.offset}) o`;
  return sql`select r.id, r.place from (
      select n.id, row_number() over (order by n.rank desc, n.created_at desc, n.id desc) as place
      from (select * from newest order by created_at desc, id desc limit ${SEARCH_CANDIDATES}) n) r
    where r.place > ${plan.offset} and r.place <= ${plan.offset + plan.limit}`;
}

/** A conversation of the page and what the viewer calls it (R-SEARCH-6). */
export type ConversationName = { id: string; type: 'channel' | 'direct'; name: string };

/**
 * How many of the newest readable messages a text search walks before it looks its words up in the
 * indexes instead. Walking costs one row per message, the index one heap visit per match, so the
 * walk wins while matches are denser than SEARCH_CANDIDATES in this many messages (1 %), and the
 * index wins below: either way a page costs at most about this many rows, whatever the planner
 * believes of the words (docs/decisions/0036-search-walk-then-index.md).
 */
const SEARCH_WALK = 20_000;

/**
 * The newest SEARCH_CANDIDATES + 1 matches the viewer may read, as a CTE named `newest`.
 *
 * With words to match, in two steps: `recent` walks the newest SEARCH_WALK messages the viewer may
 * read (the recency index backwards), stopping at enough matches; only when fewer than enough were
 * among them does `older` look the words up in messages_search_idx, and a phrase also in
 * messages_pairs_idx (its word pairs), below the oldest walked message. The planner cannot be left
 * to choose: it estimates a phrase of two common words as common as the words (a walk of 400,000
 * rows for a phrase in 0.05 % of messages) and two words that rarely meet as if independent.
 * `older` asks the indexes for every word (phrases' words too, without their order) and the
 * phrases' pairs, and checks the exact query on what they find through `ts_match_vq`, the function
 * of `@@`, which no index answers: the index for the words cannot tell order, so letting it answer
 * the phrase would have it recheck each candidate, pairs and all.
 */
function newestCte(plan: SearchPlan, tsQuery: SQL | null): SQL {
  if (!tsQuery)
    return sql`newest as materialized (
      select m.id, m.created_at, 0 as rank ${matching(plan, null)}
      order by m.created_at desc, m.id desc limit ${SEARCH_CANDIDATES + 1})`;
  const enough = SEARCH_CANDIDATES + 1;
  // `walk` is read lazily, newest first (a materialized CTE yields its rows in the order it made
  // them), so `recent` stops it at the 201st match: a common word reads a few hundred rows, not
  // SEARCH_WALK. Only when `older` runs has it been read to its end, and its oldest row is the bound.
  return sql`walk as materialized (
      select m.id, m.created_at, m.search_vector @@ ${tsQuery} as hit ${matching(plan, null)}
      order by m.created_at desc, m.id desc limit ${plan.walk ?? SEARCH_WALK}),
    recent as materialized (select w.id, w.created_at from walk w where w.hit limit ${enough}),
    older as materialized (
      select m.id, m.created_at ${matching(plan, tsQueryOf(plan, true), [...phrasePairs(plan), sql`ts_match_vq(m.search_vector, ${tsQuery})`])}
        and (select count(*) from recent) < ${enough}
        and (m.created_at, m.id) < (select w.created_at, w.id from walk w order by w.created_at, w.id limit 1)
      -- Not the recency index's order, so the planner reads the matches from the search indexes.
      order by m.created_at + interval '0 seconds' desc, m.id desc limit ${enough}),
    newest as materialized (
      select n.id, n.created_at, ts_rank_cd(m.search_vector, ${tsQuery}) as rank
      from (select * from recent union all select * from older
        order by created_at desc, id desc limit ${enough}) n
      join ${messages} m on m.id = n.id)`;
}

/**
 * A condition on the word pairs of each phrase (messages_pairs_idx), so the index finds the few
 * messages where two common words stand together rather than the many where both occur. A phrase
 * of one word has no pairs (null): its condition folds to true when the statement is planned.
 */
function phrasePairs(plan: SearchPlan): SQL[] {
  return plan.phrases.map(
    (phrase) => sql`(stoop_pairs_query(${phrase}) is null
      or stoop_word_pairs(coalesce(m.content, '')) @@ stoop_pairs_query(${phrase}))`,
  );
}

/**
 * The page presented, given a CTE `hits` (id, place) before it: the CTEs `page` and `likes`, and
 * the select list of the two page columns: the messages as presentMessage shapes them
 * (present-sql.ts, as the history page does; redacted for the viewer, R-ADMIN-9) in place order,
 * one JSON text a line, and the names of their conversations (R-SEARCH-6) as a JSON array.
 */
function presented(plan: SearchPlan): { ctes: SQL; columns: SQL } {
  const viewer = viewerParams(plan.viewer);
  const seesHidden = sql`(${viewer.isAdmin} or m.user_id = ${viewer.id})`;
  const name = conversationNameSql('c', viewer.id);
  return {
    ctes: sql`page as materialized (select pm.*, h.place from hits h join ${messages} pm on pm.id = h.id),
    likes as (
      select l.message_id, json_agg(l.user_id order by l.created_at, l.user_id) as liked_by
      from ${messageLikes} l where l.message_id = any(array(select id from page))
      group by l.message_id)`,
    columns: sql`(select string_agg(row_to_json(presented)::text, chr(10) order by m.place)
        from page m
        left join ${files} f on f.id = m.file_id
        left join likes lk on lk.message_id = m.id
        cross join lateral (select ${presentedMessageColumns('m', 'f', sql`lk.liked_by`, seesHidden)}) presented)
        as page,
      (select json_agg(json_build_object('id', c.id, 'type', c.type, 'name', ${name}))
        from ${conversations} c where c.id in (select conversation_id from page)) as names`,
  };
}

type PageRow = { page: string | null; names: ConversationName[] | string | null };

/**
 * PostgreSQL: the whole page in one statement (docs/decisions/0017-message-search.md), the
 * candidates, their count, the page's ids and the page presented. node-postgres sends it as an
 * unnamed statement, which the server plans for its own values (db/custom-plans.ts).
 */
async function onePage(
  db: DbOrTx,
  plan: SearchPlan,
  tsQuery: SQL | null,
): Promise<PageRow & { found: number }> {
  const { ctes, columns } = presented(plan);
  const result = await db.execute(sql`
    with ${newestCte(plan, tsQuery)}, hits as (${pageIds(plan, tsQuery)}), ${ctes}
    select (select count(*) from newest) as found, ${columns}`);
  const [row] = rowsOf<PageRow & { found: number | string }>(result);
  return { found: Number(row?.found ?? 0), page: row?.page ?? null, names: row?.names ?? null };
}

/**
 * The embedded database: two statements. The candidates and the page's ids, planned for their own
 * values in withCustomPlans' transaction; then the page presented from those ids, a statement whose
 * text never changes, so it is prepared once and planned generically like the history page
 * (planning the presentation anew on every call cost about 3 ms of WebAssembly).
 */
async function twoSteps(db: Db, plan: SearchPlan, tsQuery: SQL | null): Promise<PageRow & { found: number }> {
  const ranked = await withCustomPlans(db, (tx) =>
    tx.execute(sql`with ${newestCte(plan, tsQuery)}
      select (select count(*) from newest) as found,
        (select coalesce(json_agg(h.id order by h.place), '[]'::json) from (${pageIds(plan, tsQuery)}) h) as ids`),
  );
  const [row] = rowsOf<{ found: number | string; ids: string[] | string }>(ranked);
  const found = Number(row?.found ?? 0);
  const ids = jsonValue(row?.ids ?? null) ?? [];
  if (ids.length === 0) return { found, page: null, names: null };
  const { ctes, columns } = presented(plan);
  const result = await db.execute(sql`
    with hits as (select h.id, h.place from unnest(${sql.param(ids)}::uuid[]) with ordinality as h(id, place)),
    ${ctes}
    select ${columns}`);
  const [page] = rowsOf<PageRow>(result);
  return { found, page: page?.page ?? null, names: page?.names ?? null };
}

/**
 * The page's messages in rank order, presented for the viewer, the names of their conversations
 * and the total (R-SEARCH-7). Whether to walk the newest messages or look the words up in
 * messages_search_idx depends on how common the words are, which a generic plan cannot see, so
 * the candidates are planned for each call: one round trip on PostgreSQL, two statements on the
 * embedded database.
 */
export async function searchMessages(
  db: Db,
  plan: SearchPlan,
): Promise<{ messages: Message[]; names: ConversationName[]; total: number; totalIsLowerBound: boolean }> {
  const tsQuery = tsQueryOf(plan);
  const { found, page, names } = plansEachCall(db)
    ? await onePage(db, plan, tsQuery)
    : await twoSteps(db, plan, tsQuery);
  return {
    // The texts are presentMessage's shape already (present-sql.test.ts holds the two equal).
    messages: splitPage(page).map((text) => JSON.parse(text) as Message),
    names: jsonValue(names) ?? [],
    total: Math.min(found, SEARCH_CANDIDATES),
    totalIsLowerBound: found > SEARCH_CANDIDATES,
  };
}
