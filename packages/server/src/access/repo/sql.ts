import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { conversationParticipants } from '../../db/schema/index.ts';
import { isAdmin, type Viewer } from '../rules.ts';

/**
 * The access rule of rules.ts (canRead, canWrite) as one SQL fragment, for statements that apply it
 * themselves: the readable ids, the batched send insert and the history page. Each caller names the
 * viewer with what its statement has (a parameter, a placeholder or a column of the rows it writes).
 */
export type SqlViewer = {
  id: SQL | Placeholder;
  isAdmin: SQL | Placeholder;
  isLocked: SQL | Placeholder;
};

/** A signed-in viewer as statement parameters. */
export function viewerParams(viewer: Viewer): SqlViewer {
  return {
    id: sql`${viewer.id}::uuid`,
    isAdmin: sql`${isAdmin(viewer)}::boolean`,
    isLocked: sql`${viewer.isLocked}::boolean`,
  };
}

/** Whether the viewer takes part in the conversation of alias `c`, when the statement has no better way. */
function participantOf(c: string, viewer: SqlViewer): SQL {
  return sql`exists (select 1 from ${conversationParticipants} cp
    where cp.conversation_id = ${sql.identifier(c)}.id and cp.user_id = ${viewer.id})`;
}

/**
 * canRead over the conversations row of alias `c`. `participant` is a boolean expression; by default
 * a lookup of the viewer's participant row. A null viewer (anonymous) reads nothing.
 */
export function canReadSql(c: string, viewer: SqlViewer | null, participant?: SQL): SQL {
  if (!viewer) return sql`false`;
  const conversation = (column: string) => sql`${sql.identifier(c)}.${sql.identifier(column)}`;
  return sql`(not ${viewer.isLocked} and case when ${conversation('type')} = 'direct'
    then ${participant ?? participantOf(c, viewer)}
    else not ${conversation('admin_hidden')} or ${viewer.isAdmin} end)`;
}

/** canWrite over the conversations row of alias `c` (posting follows reading, as in rules.ts). */
export function canWriteSql(c: string, viewer: SqlViewer | null, participant?: SQL): SQL {
  return canReadSql(c, viewer, participant);
}

/** The viewer of a message statement: their id (typed uuid) and whether they are an admin. */
export type MessageViewerSql = Pick<SqlViewer, 'id' | 'isAdmin'>;

/** seesHiddenContent (rules.ts) over the messages row of alias `m`: its author or an admin. */
export function seesHiddenContentSql(m: string, viewer: MessageViewerSql): SQL {
  return sql`(${viewer.isAdmin} or ${sql.identifier(m)}.user_id = ${viewer.id})`;
}

/**
 * messageAbilities (abilities.ts) over the messages row of alias `m`, as one JSON object
 * for the history page and search, which write each message's JSON in the database
 * (messages/repo/present-sql.ts). present-sql.test.ts holds it equal to the TypeScript rule.
 */
export function messageAbilitiesSql(m: string, viewer: MessageViewerSql): SQL {
  const col = (column: string) => sql`${sql.identifier(m)}.${sql.identifier(column)}`;
  const live = sql`(${col('deleted_at')} is null)`;
  // A data source's message is nobody's own.
  const own = sql`(${col('user_id')} = ${viewer.id} and ${col('bot')} is null)`;
  return sql`(select row_to_json(ab) from (select
      ${live} and ${own} as "edit",
      ${live} and (${own} or ${viewer.isAdmin}) as "delete",
      ${live} and ${viewer.isAdmin} as "hide",
      ${live} and not ${own} as "report",
      ${live} and (not ${col('admin_hidden')} or ${seesHiddenContentSql(m, viewer)}) as "react") ab)`;
}
