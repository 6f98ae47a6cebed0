import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { files, messageLikes, messages } from '../../db/schema/index.ts';
import type { MessageViewerSql } from '../../access/repo/sql.ts';
import { presentedMessageColumns } from './present-sql.ts';

/**
 * The pieces of the history statements (history.ts) that read top-level messages of one
 * conversation by their keyset (created_at, id). Every comparison is a row comparison on
 * messages_page_v2_idx, so each page is one index range scan, backwards or forwards.
 */

/** `<`, `>`, `<=`, `>=`: the side of the key a page or a test for more rows reads. */
export type KeyComparison = '<' | '>' | '<=' | '>=';

const topLevelOf = (alias: string, conversationId: Placeholder) =>
  sql`${sql.identifier(alias)}.conversation_id = ${conversationId} and ${sql.identifier(alias)}.parent_message_id is null`;

/** Rows below the bound are read nearest first, i.e. backwards on the index. */
const orderOf = (comparison: KeyComparison) => sql.raw(comparison.startsWith('<') ? 'desc' : 'asc');

const keyOf = (alias: string) => sql`(${sql.identifier(alias)}.created_at, ${sql.identifier(alias)}.id)`;

/**
 * Separates the messages in a page's text. JSON text never holds a raw line feed: RFC 8259 escapes
 * control characters inside strings, and the database writes no line breaks between values.
 */
const PAGE_SEPARATOR = '\n';

/**
 * The page as text: up to `limit` top-level messages whose key is `comparison` `bound`, nearest to
 * the bound first (descending for `<`, ascending for `>`/`>=`), each as its presented JSON
 * (present-sql.ts), one per line; null when there are none. splitPage turns it into a list.
 * `limit` is written into the statement (each read size is its own prepared statement): with a
 * LIMIT parameter, PostgreSQL's generic plan assumes a tenth of the conversation is read and
 * chose a scan and sort of every message (about 0.5 s at 1,000,000 messages), so it had to plan
 * every call afresh instead (over 1 ms of planning per page).
 */
export function pageText(
  conversationId: Placeholder,
  comparison: KeyComparison,
  bound: SQL,
  limit: number,
  viewer: HiddenViewer,
): SQL {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`page read size ${limit} is not a count`);
  const order = orderOf(comparison);
  // The likes of the whole page in one grouped read instead of a lookup per message: with few
  // likes PostgreSQL reads message_likes with a bitmap scan, and each one asks the file's size
  // (on the embedded database an fstat call from WASM), 21 times a page.
  return sql`(with page as (
      select * from ${messages} pm
      where ${topLevelOf('pm', conversationId)} and ${keyOf('pm')} ${sql.raw(comparison)} ${bound}
      order by pm.created_at ${order}, pm.id ${order}
      limit ${sql.raw(String(limit))}),
    likes as (
      select l.message_id, json_agg(l.user_id order by l.created_at, l.user_id) as liked_by
      from ${messageLikes} l where l.message_id = any(array(select id from page))
      group by l.message_id)
    select string_agg(row_to_json(presented)::text, chr(10) order by m.created_at ${order}, m.id ${order})
    from page m
    left join ${files} f on f.id = m.file_id
    left join likes lk on lk.message_id = m.id
    cross join lateral (select ${presentedMessageColumns('m', 'f', sql`lk.liked_by`, viewer)}) presented)`;
}

/** The statement's viewer: hidden messages and abilities are theirs. */
export type HiddenViewer = MessageViewerSql;

/** The JSON texts of a page column, in the column's order. */
export function splitPage(text: string | null): string[] {
  return text === null ? [] : text.split(PAGE_SEPARATOR);
}

/**
 * Whether any top-level message's key is `comparison` `bound`. Written as the nearest such row
 * (ORDER BY the index, LIMIT 1) rather than EXISTS: with a generic plan PostgreSQL planned the
 * EXISTS as a sequential scan of every message, expecting to stop early; this shape is one probe
 * of messages_page_v2_idx.
 */
export function anyBeyond(conversationId: Placeholder, comparison: KeyComparison, bound: SQL): SQL {
  const order = orderOf(comparison);
  return sql`coalesce((select true from ${messages} x
    where ${topLevelOf('x', conversationId)} and ${keyOf('x')} ${sql.raw(comparison)} ${bound}
    order by x.created_at ${order}, x.id ${order} limit 1), false)`;
}

/**
 * The key a client's cursor (date, id) stands for. Clients see createdAt in milliseconds while the
 * database keeps microseconds, so the cursor's own message is looked up (by primary key, in this
 * conversation only) for its exact created_at; without such a message the given date is the bound,
 * as for a bare beforeDate (id nil) or afterDate (id max).
 */
export function cursorKey(conversationId: Placeholder, date: Placeholder, messageId: Placeholder): SQL {
  return sql`(coalesce((select c.created_at from ${messages} c
    where c.id = ${messageId}::uuid and ${topLevelOf('c', conversationId)}), ${date}::timestamptz),
    ${messageId}::uuid)`;
}

/**
 * The key of the message `messageId` when it is a top-level message of the conversation; a null
 * date otherwise, and a row comparison with a null in it matches nothing, so a message of another
 * conversation never shapes (or leaks into) the page.
 */
export function anchorKey(conversationId: Placeholder, messageId: Placeholder): SQL {
  return sql`((select a.created_at from ${messages} a
    where a.id = ${messageId}::uuid and ${topLevelOf('a', conversationId)}), ${messageId}::uuid)`;
}

/** json arrives parsed from pg and PGlite alike; a string would mean a driver left it raw. */
export function jsonValue<T>(value: T | string | null): T | null {
  if (value === null) return null;
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
