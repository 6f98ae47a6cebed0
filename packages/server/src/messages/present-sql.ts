import { sql, type SQL } from 'drizzle-orm';
import { messages } from '../db/schema/index.ts';
import { FILES_PATH, THUMBNAIL_SUFFIX } from './present.ts';

/**
 * presentMessage (present.ts) written in SQL, for history pages: the database builds each message's
 * JSON text in its final shape, and the page goes to the client without being parsed, mapped,
 * checked and serialised again in Node (docs/decisions/history-page-as-text.md). Any change to the
 * Message shape or to presentMessage must be made here too; present-sql.test.ts compares the two
 * for every kind of message.
 */

/** A string constant as an SQL literal; only our own path constants come here. */
function literal(text: string): SQL {
  if (!/^[\w/.-]*$/.test(text)) throw new Error(`unexpected characters in ${text}`);
  return sql.raw(`'${text}'`);
}

/**
 * A timestamp as Date.prototype.toISOString writes it. The database keeps microseconds and both
 * drivers cut them to whole milliseconds (never round), as to_char's MS does.
 */
export function isoMillis(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The JSON of one message as presentMessage shapes it: `m` is a messages row, `f` its file row
 * (left-joined, so all null without a file). A tombstone has no content, file or mentions.
 * `likedBy` is the message's likes as a JSON array in the order they were given (null for none),
 * read by the caller for the whole page at once (history-page.ts).
 */
export function presentedMessageJson(m: string, f: string, likedBy: SQL): SQL {
  const col = (alias: string, column: string) => sql`${sql.identifier(alias)}.${sql.identifier(column)}`;
  const alive = sql`${col(m, 'deleted_at')} is null`;
  const withFile = sql`${alive} and ${col(f, 'id')} is not null`;
  return sql`json_build_object(
    'id', ${col(m, 'id')},
    'userId', ${col(m, 'user_id')},
    'conversationId', ${col(m, 'conversation_id')},
    'parentMessageId', ${col(m, 'parent_message_id')},
    'createdAt', ${isoMillis(col(m, 'created_at'))},
    'updatedAt', ${isoMillis(col(m, 'updated_at'))},
    'deletedAt', ${isoMillis(col(m, 'deleted_at'))},
    'content', case when ${alive} then ${col(m, 'content')} else '' end,
    'likedBy', coalesce(${likedBy}, '[]'::json),
    'replies', coalesce((select json_agg(r.id order by r.created_at, r.id)
      from ${messages} r where r.parent_message_id = ${col(m, 'id')}), '[]'::json),
    'fileUrl', case when ${withFile} then ${literal(FILES_PATH)} || ${col(f, 'id')} end,
    'fileName', case when ${withFile} then ${col(f, 'name')} end,
    'fileType', case when ${withFile} then ${col(f, 'mime_type')} end,
    'fileSize', case when ${withFile} then ${col(f, 'size')} end,
    'thumbnailUrl', case when ${withFile} and ${col(f, 'thumbnail_key')} is not null
      then ${literal(FILES_PATH)} || ${col(f, 'id')} || ${literal(THUMBNAIL_SUFFIX)} end,
    'metadata', json_build_object(
      'userFlaggedBy', ${col(m, 'user_flagged_by')},
      'adminFlaggedBy', ${col(m, 'admin_flagged_by')},
      'mentionedUsers', case when ${alive} then ${col(m, 'mentioned_users')} else '{}'::uuid[] end),
    'clientMessageId', ${col(m, 'client_message_id')},
    'seq', ${col(m, 'seq')})`;
}
