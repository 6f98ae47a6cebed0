import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_CANDIDATES } from '@stoop/shared';
import { conversationParticipants, conversations, messages } from '../../db/schema/index.ts';
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

/**
 * How a search with a quoted phrase finds its newest matches (phraseNewest). `sample`: how many of
 * the newest messages it reads first. `factor`: how many times the rows the phrase's rate there says
 * the rest needs it walks on, at most `max`. `indexRowCost`: what reading one match from
 * messages_search_idx costs against walking past one message (a heap page each, against the next
 * row of a page already read). Decision 0017, "Phrases".
 */
export type PhraseWalk = { sample: number; factor: number; max: number; indexRowCost: number };

/**
 * Measured on the bench's 1,000,000 messages (bench/RESULTS.md, "Search: a phrase reads the newest
 * messages first"): the sample costs a few milliseconds; a walk about 2 µs a message; the index
 * 14–60 µs a match it rechecks (warm to cold pages).
 */
export const PHRASE_WALK: PhraseWalk = { sample: 2000, factor: 1.5, max: 500_000, indexRowCost: 10 };

/**
 * The text part of the search as one tsquery, or null when the search is modifiers only. `phrases`
 * 'apart' takes each phrase's words in any order and place: what messages_search_idx can answer
 * for a phrase without reading the message.
 */
export function tsQueryOf(plan: SearchPlan, phrases: 'in order' | 'apart' = 'in order'): SQL | null {
  const parts: SQL[] = [];
  if (plan.words.length) parts.push(sql`plainto_tsquery('simple', ${plan.words.join(' ')})`);
  for (const phrase of plan.phrases)
    parts.push(
      phrases === 'in order'
        ? sql`phraseto_tsquery('simple', ${phrase})`
        : sql`plainto_tsquery('simple', ${phrase})`,
    );
  // The prefix holds only letters and digits (shared parser), so quoting it cannot break out.
  if (plan.prefix) parts.push(sql`to_tsquery('simple', ${`'${plan.prefix}':*`})`);
  return parts.length ? sql`(${sql.join(parts, sql` && `)})` : null;
}

/**
 * `from <source> m join conversations c … where …`: the messages the search matches that the viewer
 * may read (R-SEARCH-4: the access rule of access/repo/sql.ts, on the same statement), undeleted.
 * `source` is the messages table, or a window of its newest rows with the columns `read`.
 */
export function matching(plan: SearchPlan, tsQuery: SQL | null, source: SQL = sql`${messages}`): SQL {
  const viewer = viewerParams(plan.viewer);
  // The viewer's conversations as one set (conversation_participants_user_idx), not a probe per row.
  const participant = sql`c.id in (select cp.conversation_id from ${conversationParticipants} cp
    where cp.user_id = ${viewer.id})`;
  const conditions: SQL[] = [sql`m.deleted_at is null`, canReadSql('c', viewer, participant)];
  // Words an admin hid are not searchable by those who may not read them (a hit would tell).
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
  return sql`from ${source} m join ${conversations} c on c.id = m.conversation_id
    where ${sql.join(conditions, sql` and `)}`;
}

const newestFirst = sql`order by m.created_at desc, m.id desc`;

/**
 * The columns matching() reads, for a window of messages: a subquery passes on only what it
 * selects, and copying every column of every message walked past made the walk half as fast.
 */
const read = sql`w.id, w.conversation_id, w.user_id, w.content, w.created_at, w.deleted_at, w.file_id,
  w.search_vector, w.admin_hidden`;

/**
 * The newest matches of a search with a phrase, in three routes of which one statement takes one
 * (each later one gated on the counts before it, so the others never run):
 *  - `sampled`: the matches among the newest `sample` messages (`recent`). Enough when 201 match,
 *    or when there are no more messages than that (then `edge`, the oldest of them, is missing).
 *  - `walked`: the messages older than `edge`, as many as the phrase's rate in the sample says the
 *    rest needs (times `factor`, at most `max`), when that costs less than reading from the index
 *    every message with the phrase's words (their rate in the sample times the table's rows,
 *    `route`). Enough when together 201 match.
 *  - `indexed`: else the matches from messages_search_idx, sorted (the subquery has no order, so
 *    the planner reads the index rather than walking all messages for a rare phrase).
 * PostgreSQL estimates a phrase from its words apart, and each wrong guess costs tens of times the
 * right plan: walking for a rare phrase reads nearly every message, the index for a common one a
 * heap page for each of its thousands of matches. Every route yields exactly the newest 201
 * matches, so the page is the same whichever ran.
 */
function phraseNewest(plan: SearchPlan, tsQuery: SQL, walk: PhraseWalk): SQL {
  const wanted = SEARCH_CANDIDATES + 1;
  const sampledCount = sql`(select count(*) from sampled)`;
  const walkedCount = sql`(select count(*) from walked)`;
  const sampledEnough = sql`(${sampledCount} = ${wanted} or not exists (select from edge))`;
  const walkedEnough = sql`(not ${sampledEnough} and ${sampledCount} + ${walkedCount} = ${wanted})`;
  // Half a hit when none: a rate the sample cannot tell from zero.
  const walkRows = sql`ceil(${walk.factor}::float8 * ${wanted - 1} * ${walk.sample}
    / greatest(${sampledCount}, 0.5))`;
  const tableRows = sql`greatest((select t.reltuples from pg_class t where t.oid = 'messages'::regclass), ${walk.sample})`;
  const indexRows = sql`(select count(*) ${matching(plan, tsQueryOf(plan, 'apart'), sql`recent`)})::float8
    * ${tableRows} / ${walk.sample}`;
  const olderThanEdge = sql`(w.created_at, w.id) < ((select created_at from edge), (select id from edge))`;
  return sql`recent as materialized (
      select ${read} from ${messages} w order by w.created_at desc, w.id desc limit ${walk.sample}),
    edge as materialized (
      select w.created_at, w.id from recent w
      where (select count(*) from recent) = ${walk.sample}
      order by w.created_at, w.id limit 1),
    sampled as materialized (
      select m.id, m.created_at, m.search_vector ${matching(plan, tsQuery, sql`recent`)}
      ${newestFirst} limit ${wanted}),
    route as materialized (
      select least(r.rows, ${walk.max})::bigint as rows,
        not ${sampledEnough} and r.rows <= ${walk.max} and r.rows < ${walk.indexRowCost} * ${indexRows} as walk
      from (select ${walkRows} as rows) r),
    walked as materialized (
      select m.id, m.created_at, m.search_vector
      ${matching(
        plan,
        tsQuery,
        sql`(select ${read} from ${messages} w where ${olderThanEdge} and (select walk from route)
          order by w.created_at desc, w.id desc limit (select rows from route))`,
      )}
      ${newestFirst} limit ${wanted} - ${sampledCount}),
    indexed as materialized (
      select m.id, m.created_at, m.search_vector from (
        select m.id, m.created_at, m.search_vector ${matching(plan, tsQuery)}
          and not ${sampledEnough} and not ${walkedEnough}
        offset 0) m
      ${newestFirst} limit ${wanted}),
    newest as materialized (
      select n.id, n.created_at, ts_rank_cd(n.search_vector, ${tsQuery}) as rank from (
        select * from sampled where ${sampledEnough} or ${walkedEnough}
        union all select * from walked where ${walkedEnough}
        union all select * from indexed) n)`;
}

/**
 * The newest SEARCH_CANDIDATES + 1 matches the viewer may read, as a CTE named `newest` (id,
 * created_at, rank), after any CTEs it needs. Without a phrase the planner chooses between walking
 * messages_created_idx backwards and messages_search_idx from its estimate of the words, which is
 * close enough; a phrase takes phraseNewest's routes, unless `walk` is null (the tests' reference).
 */
export function newestCte(plan: SearchPlan, tsQuery: SQL | null, walk: PhraseWalk | null): SQL {
  if (tsQuery && plan.phrases.length > 0 && walk) return phraseNewest(plan, tsQuery, walk);
  const rank = tsQuery ? sql`ts_rank_cd(m.search_vector, ${tsQuery})` : sql`0`;
  return sql`newest as materialized (
      select m.id, m.created_at, ${rank} as rank ${matching(plan, tsQuery)}
      ${newestFirst} limit ${SEARCH_CANDIDATES + 1})`;
}
