import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { jsonObjectOf, rowFromJson } from '../db/json-row.ts';
import { preparedPerDb } from '../db/prepared.ts';
import {
  conversationParticipants,
  conversations,
  files,
  messageLikes,
  messages,
  type ConversationRow,
  type MessageRow,
} from '../db/schema/index.ts';
import { UNREAD_CAP, type ConversationStats } from '../conversations/repo.ts';
import type { MessageView } from './repo.ts';

/**
 * A keyset bound that every row is below: (created_at, id) < (infinity, any) holds for all rows, so
 * the first page and the older pages share one prepared statement (and one index scan shape).
 */
const NO_BOUND_DATE = 'infinity';
/** The smallest uuid: (created_at, id) < (date, nil) is exactly created_at < date. */
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export type HistoryQuery = {
  conversationId: string;
  userId: string;
  limit: number;
  beforeDate?: Date | undefined;
  beforeId?: string | undefined;
};

/** Everything one history page needs, read in one statement. */
export type HistorySnapshot = {
  conversation: ConversationRow;
  /** The viewer's read position; null when they are not a participant. */
  lastReadSeq: number | null;
  /** created_seq of the newest message (replies included): what "read it all" moves to. */
  newestSeq: number;
  participants: string[];
  stats: ConversationStats;
  /** Newest first; limit + 1 rows tell whether there are more. Empty for an empty page. */
  rows: MessageView[];
};

/**
 * The conversation, the viewer's read position, the conversation's stats and the page in one round
 * trip: the history page is the hottest read of a chat, and each statement is a wait on the database
 * (on PGlite, WASM work on the event loop). One row comes back; the page is one JSON column
 * (db/json-row.ts), so neither driver decodes 20 rows of 30 columns field by field. The scalar
 * subqueries depend only on parameters, so the database evaluates each once.
 *
 * Returns undefined when there is no such conversation. The access rule is not applied here: the
 * caller applies canRead to what this returns before using any of it.
 */
export async function readHistory(db: DbOrTx, query: HistoryQuery): Promise<HistorySnapshot | undefined> {
  const [row] = await historyStatement(db).execute({
    id: query.conversationId,
    userId: query.userId,
    beforeDate: query.beforeDate ? query.beforeDate.toISOString() : NO_BOUND_DATE,
    beforeId: query.beforeId ?? NIL_UUID,
    limit: query.limit + 1,
  });
  if (!row) return undefined;
  return {
    conversation: row.conversation,
    lastReadSeq: row.lastReadSeq === null ? null : Number(row.lastReadSeq),
    newestSeq: Number(row.newestSeq ?? 0),
    participants: jsonValue<string[]>(row.participants) ?? [],
    stats: {
      lastMessageAt: row.lastAt === null ? null : new Date(row.lastAt),
      unreadCount: row.unread === null ? 0 : Number(row.unread),
    },
    rows: (jsonValue<PageEntry[]>(row.page) ?? []).map(viewOfEntry),
  };
}

type PageEntry = {
  message: Record<string, unknown>;
  file: Record<string, unknown> | null;
  likedBy: string[] | null;
  replies: string[] | null;
};

function viewOfEntry(entry: PageEntry): MessageView {
  return {
    ...(rowFromJson(messages, entry.message) as Omit<MessageRow, 'searchVector'>),
    file: entry.file ? rowFromJson(files, entry.file) : null,
    likedBy: entry.likedBy ?? [],
    replies: entry.replies ?? [],
  };
}

/** json arrives parsed from pg and PGlite alike; a string would mean a driver left it raw. */
function jsonValue<T>(value: T | string | null): T | null {
  if (value === null) return null;
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

const historyStatement = preparedPerDb((db: DbOrTx) => {
  const id = sql.placeholder('id');
  const userId = sql.placeholder('userId');
  const readPosition = sql`(select cp.last_read_seq from ${conversationParticipants} cp
    where cp.conversation_id = ${id} and cp.user_id = ${userId})`;
  // Newest first on messages_page_v2_idx; one row comparison serves the first page and every older one.
  const page = sql`(select coalesce(json_agg(json_build_object(
      'message', ${jsonObjectOf(messages, 'm', ['searchVector'])},
      'file', case when f.id is null then null else ${jsonObjectOf(files, 'f')} end,
      'likedBy', (select json_agg(l.user_id order by l.created_at, l.user_id)
        from ${messageLikes} l where l.message_id = m.id),
      'replies', (select json_agg(r.id order by r.created_at, r.id)
        from ${messages} r where r.parent_message_id = m.id)
    ) order by m.created_at desc, m.id desc), '[]'::json)
    from (select * from ${messages} pm
      where pm.conversation_id = ${id} and pm.parent_message_id is null
        and (pm.created_at, pm.id) < (${sql.placeholder('beforeDate')}::timestamptz, ${sql.placeholder('beforeId')}::uuid)
      order by pm.created_at desc, pm.id desc
      limit ${sql.placeholder('limit')}) m
    left join ${files} f on f.id = m.file_id)`;
  return db
    .select({
      conversation: conversations,
      lastReadSeq: sql<number | string | null>`${readPosition}`,
      newestSeq: sql<number | string | null>`(select coalesce(max(n.created_seq), 0) from ${messages} n
        where n.conversation_id = ${id})`,
      participants: sql<string[] | string | null>`(select json_agg(p.user_id order by p.joined_at, p.user_id)
        from ${conversationParticipants} p where p.conversation_id = ${id})`,
      lastAt: sql<string | Date | null>`(select t.created_at from ${messages} t
        where t.conversation_id = ${id} and t.parent_message_id is null
        order by t.created_at desc, t.id desc limit 1)`,
      // Non-participants of a channel have no read position: their count is null, shown as 0.
      unread: sql<number | string | null>`(select count(*) from (
        select 1 from ${messages} u
        where u.conversation_id = ${id} and u.created_seq > ${readPosition}
          and u.user_id <> ${userId} and u.deleted_at is null
        limit ${UNREAD_CAP}) x)`,
      page: sql<PageEntry[] | string | null>`${page}`,
    })
    .from(conversations)
    .where(eq(conversations.id, id))
    .prepare('stoop_history_page');
});
