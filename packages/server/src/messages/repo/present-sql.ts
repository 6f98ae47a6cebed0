import { sql, type SQL } from 'drizzle-orm';
import { messages } from '../../db/schema/index.ts';
import { FILES_PATH, THUMBNAIL_SUFFIX } from '../../files/urls.ts';
import { messageAbilitiesSql, seesHiddenContentSql, type MessageViewerSql } from '../../access/repo/sql.ts';

/**
 * presentMessage (present.ts) written in SQL, for history pages: the database builds each message's
 * JSON text in its final shape, and the page goes to the client without being parsed, mapped,
 * checked and serialised again in Node (docs/decisions/0012-history-page-as-text.md). Any change to the
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
function isoMillis(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The fields of one message as presentMessage shapes them, as a select list whose column names are
 * the JSON keys: `m` is a messages row, `f` its file row (left-joined, so all null without a file).
 * The caller turns the row into JSON with row_to_json, which on the embedded database costs less
 * than half of json_build_object (that one works out each argument's type again on every call).
 * A tombstone has no content, file or mentions. `likedBy` is the message's likes as a JSON array in
 * the order they were given (null for none), read by the caller for the whole page at once
 * (history-page.ts). `viewer` is who reads the page: a hidden message is whole only for its author
 * and admins (seesHiddenContentSql), and each message carries the viewer's abilities.
 */
export function presentedMessageColumns(m: string, f: string, likedBy: SQL, viewer: MessageViewerSql): SQL {
  const seesHidden = seesHiddenContentSql(m, viewer);
  const col = (alias: string, column: string) => sql`${sql.identifier(alias)}.${sql.identifier(column)}`;
  // R-ADMIN-9 (presentFor in present.ts): a hidden message shows no content, file, likes or mentions
  // to a viewer who is neither its author nor an admin, exactly like a tombstone does.
  const shown = sql`(not ${col(m, 'admin_hidden')} or ${seesHidden})`;
  const alive = sql`${col(m, 'deleted_at')} is null and ${shown}`;
  const withFile = sql`${alive} and ${col(f, 'id')} is not null`;
  return sql`${col(m, 'id')} as "id",
    ${col(m, 'user_id')} as "userId",
    ${col(m, 'conversation_id')} as "conversationId",
    ${col(m, 'parent_message_id')} as "parentMessageId",
    ${isoMillis(col(m, 'created_at'))} as "createdAt",
    ${isoMillis(col(m, 'updated_at'))} as "updatedAt",
    ${isoMillis(col(m, 'deleted_at'))} as "deletedAt",
    case when ${alive} then ${col(m, 'content')} else '' end as "content",
    case when ${shown} then coalesce(${likedBy}, '[]'::json) else '[]'::json end as "likedBy",
    coalesce((select json_agg(r.id order by r.created_at, r.id)
      from ${messages} r where r.parent_message_id = ${col(m, 'id')}), '[]'::json) as "replies",
    case when ${withFile} then ${literal(FILES_PATH)} || ${col(f, 'id')} end as "fileUrl",
    case when ${withFile} then ${col(f, 'name')} end as "fileName",
    case when ${withFile} then ${col(f, 'mime_type')} end as "fileType",
    case when ${withFile} then ${col(f, 'size')} end as "fileSize",
    case when ${withFile} and ${col(f, 'thumbnail_key')} is not null
      then ${literal(FILES_PATH)} || ${col(f, 'id')} || ${literal(THUMBNAIL_SUFFIX)} end as "thumbnailUrl",
    case when ${withFile} and ${col(f, 'thumbnail_key')} is not null
      then ${col(f, 'thumbnail_width')} end as "thumbnailWidth",
    case when ${withFile} and ${col(f, 'thumbnail_key')} is not null
      then ${col(f, 'thumbnail_height')} end as "thumbnailHeight",
    (select row_to_json(md) from (select
      ${col(m, 'user_flagged_by')} as "userFlaggedBy",
      ${col(m, 'admin_flagged_by')} as "adminFlaggedBy",
      case when ${alive} then ${col(m, 'mentioned_users')} else '{}'::uuid[] end as "mentionedUsers",
      ${col(m, 'admin_hidden')} as "adminHidden",
      ${col(m, 'bot')} as "bot") md)
      as "metadata",
    ${col(m, 'client_message_id')} as "clientMessageId",
    ${col(m, 'poll_id')} as "pollId",
    ${col(m, 'event_id')} as "eventId",
    ${col(m, 'seq')} as "seq",
    ${col(m, 'created_seq')} as "createdSeq",
    case when ${shown} then ${col(m, 'reactions')} else '[]'::jsonb end as "reactions",
    case when ${alive} and not ${col(m, 'link_preview_removed')} then ${col(m, 'link_preview')}
      end as "linkPreview",
    ${messageAbilitiesSql(m, viewer)} as "abilities"`;
}
