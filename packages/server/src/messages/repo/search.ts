import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_CANDIDATES, type Message } from '@stoop/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { plansEachCall, withCustomPlans } from '../../db/custom-plans.ts';
import { rowsOf } from '../../db/rows.ts';
import { conversations, files, messageLikes, messages } from '../../db/schema/index.ts';
import { viewerParams } from '../../access/index.ts';
import { conversationNameSql } from '../../conversations/repo.ts';
import { jsonValue, splitPage } from './history-page.ts';
import { presentedMessageColumns } from './present-sql.ts';
import {
  PHRASE_WALK,
  matching,
  newestCte,
  tsQueryOf,
  type PhraseWalk,
  type SearchPlan,
} from './search-newest.ts';

export type { SearchPlan } from './search-newest.ts';

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

/** A conversation of the page and what the viewer calls it. */
export type ConversationName = { id: string; type: 'channel' | 'direct'; name: string };

/**
 * The page presented, given a CTE `hits` (id, place) before it: the CTEs `page` and `likes`, and
 * the select list of the two page columns: the messages as presentMessage shapes them
 * (present-sql.ts, as the history page does; redacted for the viewer) in place order,
 * one JSON text a line, and the names of their conversations as a JSON array.
 */
function presented(plan: SearchPlan): { ctes: SQL; columns: SQL } {
  const viewer = viewerParams(plan.viewer);
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
        cross join lateral (select ${presentedMessageColumns('m', 'f', sql`lk.liked_by`, viewer)}) presented)
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
  walk: PhraseWalk | null,
): Promise<PageRow & { found: number }> {
  const { ctes, columns } = presented(plan);
  const result = await db.execute(sql`
    with ${newestCte(plan, tsQuery, walk)}, hits as (${pageIds(plan, tsQuery)}), ${ctes}
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
async function twoSteps(
  db: Db,
  plan: SearchPlan,
  tsQuery: SQL | null,
  walk: PhraseWalk | null,
): Promise<PageRow & { found: number }> {
  const ranked = await withCustomPlans(db, (tx) =>
    tx.execute(sql`with ${newestCte(plan, tsQuery, walk)}
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
 * and the total. Whether to walk the newest messages or look the words up in
 * messages_search_idx depends on how common the words are, which a generic plan cannot see, so
 * the candidates are planned for each call: one round trip on PostgreSQL, two statements on the
 * embedded database. A phrase, whose frequency the planner cannot estimate, first walks the newest
 * messages as far as `walk` allows (search-newest.ts); null is the planner's choice alone, which
 * the tests hold every route's page equal to.
 */
export async function searchMessages(
  db: Db,
  plan: SearchPlan,
  walk: PhraseWalk | null = PHRASE_WALK,
): Promise<{ messages: Message[]; names: ConversationName[]; total: number; totalIsLowerBound: boolean }> {
  const tsQuery = tsQueryOf(plan);
  const { found, page, names } = plansEachCall(db)
    ? await onePage(db, plan, tsQuery, walk)
    : await twoSteps(db, plan, tsQuery, walk);
  return {
    // The texts are presentMessage's shape already (present-sql.test.ts holds the two equal).
    messages: splitPage(page).map((text) => JSON.parse(text) as Message),
    names: jsonValue(names) ?? [],
    total: Math.min(found, SEARCH_CANDIDATES),
    totalIsLowerBound: found > SEARCH_CANDIDATES,
  };
}
