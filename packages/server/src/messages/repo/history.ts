import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { MAX_MESSAGE_PAGE_SIZE, MESSAGE_PAGE_SIZE } from '@stoop/shared';
import type { DbOrTx } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import {
  conversationParticipants,
  conversations,
  messages,
  type ConversationRow,
} from '../../db/schema/index.ts';
import { canReadSql, isAdmin, type SqlViewer, type Viewer } from '../../access/index.ts';
import { unreadAfter, type ConversationStats } from '../../conversations/repo.ts';
import {
  anchorKey,
  anyBeyond,
  cursorKey,
  jsonValue,
  pageText,
  splitPage,
  type HiddenViewer,
} from './history-page.ts';

/**
 * A keyset bound that every row is below: (created_at, id) < (infinity, any) holds for all rows, so
 * the first page and the older pages share one prepared statement (and one index scan shape).
 */
const NO_BOUND_DATE = 'infinity';
/** The smallest uuid: (created_at, id) < (date, nil) is exactly created_at < date. */
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
/** The largest uuid: (created_at, id) > (date, max) is exactly created_at > date. */
const MAX_UUID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/**
 * One page of a conversation's history. The cursors are exclusive ways to page (the query schema
 * refuses combinations): none is the newest page; before* pages back, after* pages forward, and
 * around is a window around one message. When more than one is given, around wins, then after.
 */
export type HistoryQuery = {
  conversationId: string;
  viewer: Viewer;
  limit: number;
  beforeDate?: Date | undefined;
  beforeId?: string | undefined;
  afterDate?: Date | undefined;
  afterId?: string | undefined;
  /** A top-level message of this conversation: up to limit/2 older, it, and newer up to limit. */
  around?: string | undefined;
};

/** Everything one history page needs, read in one statement. */
export type HistorySnapshot = {
  conversation: ConversationRow;
  /** The access rule (access/repo/sql.ts) on the same snapshot: when false nothing else may be used. */
  readable: boolean;
  /** The viewer's read position; null when they are not a participant. */
  lastReadSeq: number | null;
  /** created_seq of the newest message (replies included): what "read it all" moves to. */
  newestSeq: number;
  participants: string[];
  stats: ConversationStats;
  /**
   * The page, oldest first, each message as its presented JSON text (present-sql.ts). Empty for an
   * empty page or an anchor that is not there.
   */
  messages: string[];
  /** Older top-level messages exist before the first row. */
  hasMore: boolean;
  /** Newer top-level messages exist after the last row. */
  hasNewer: boolean;
  /** For around: whether the message is a top-level message of this conversation. */
  anchorFound: boolean;
};

/**
 * The three ways to read a page, each its own prepared statement of the same shape. 'older' is
 * the first page and every page back; 'newer' pages forward; 'around' reads both sides of a message.
 */
type Direction = 'older' | 'newer' | 'around';

/**
 * The conversation, the viewer's read position, the conversation's stats and the page in one round
 * trip: the history page is the hottest read of a chat, and each statement is a wait on the database
 * (on PGlite, WASM work on the event loop). One row comes back; the page is one text column of
 * presented messages (history-page.ts pageText), so neither driver decodes 20 rows of 30 columns
 * and Node passes the messages on without parsing them. The scalar
 * subqueries depend only on parameters, so the database evaluates each once.
 *
 * Returns undefined when there is no such conversation. The access rule is a column of the same
 * row (`readable`, canReadSql): the caller refuses the page when it is false.
 */
export async function readHistory(db: DbOrTx, query: HistoryQuery): Promise<HistorySnapshot | undefined> {
  const { direction, readSize, params, keep } = statementInput(query);
  const [row] = await historyStatement(
    direction,
    readSize,
  )(db).execute({
    id: query.conversationId,
    userId: query.viewer.id,
    viewerIsAdmin: isAdmin(query.viewer),
    viewerIsLocked: query.viewer.isLocked,
    ...params,
  });
  if (!row) return undefined;
  const older = splitPage(row.older);
  const newer = splitPage(row.newer);
  const keptOlder = older.slice(0, keep.older);
  const keptNewer = newer.slice(0, keep.newer(keptOlder.length));
  return {
    conversation: row.conversation,
    readable: row.readable === true,
    lastReadSeq: row.lastReadSeq === null ? null : Number(row.lastReadSeq),
    newestSeq: Number(row.newestSeq ?? 0),
    participants: jsonValue<string[]>(row.participants) ?? [],
    stats: {
      lastMessageAt: row.lastAt === null ? null : new Date(row.lastAt),
      unreadCount: row.unread === null ? 0 : Number(row.unread),
    },
    messages: [...keptOlder.reverse(), ...keptNewer],
    hasMore: older.length > keptOlder.length || row.olderBeyond === true,
    hasNewer: newer.length > keptNewer.length || row.newerBeyond === true,
    anchorFound: row.anchorFound === true,
  };
}

type StatementInput = {
  direction: Direction;
  /** How many rows a side reads at most, before trimming to the page: one of PAGE_READ_SIZES. */
  readSize: number;
  params: Record<string, string | number>;
  /** How many of the rows read on each side make the page; one more than that means "there are more". */
  keep: { older: number; newer: (olderKept: number) => number };
};

/**
 * The page sizes a statement is prepared for (see pageJson): the web client's size, and the largest
 * the API allows. A page reads the smallest size at least its limit and keeps `limit` of them;
 * reading more than it keeps also answers "is there more".
 */
const PAGE_READ_SIZES = [MESSAGE_PAGE_SIZE, MAX_MESSAGE_PAGE_SIZE] as const;

const readSizeFor = (limit: number): number =>
  PAGE_READ_SIZES.find((size) => size >= limit) ?? Math.max(limit, MAX_MESSAGE_PAGE_SIZE);

function statementInput(query: HistoryQuery): StatementInput {
  const { limit } = query;
  const readSize = readSizeFor(limit);
  if (query.around !== undefined) {
    const olderAtMost = Math.floor(limit / 2);
    return {
      direction: 'around',
      readSize,
      params: { cursorId: query.around },
      // Fewer older ones (near the beginning) leave room for more newer ones.
      keep: { older: olderAtMost, newer: (olderKept) => limit - olderKept },
    };
  }
  if (query.afterDate !== undefined) {
    return {
      direction: 'newer',
      readSize,
      params: { cursorDate: query.afterDate.toISOString(), cursorId: query.afterId ?? MAX_UUID },
      keep: { older: 0, newer: () => limit },
    };
  }
  return {
    direction: 'older',
    readSize,
    params: {
      cursorDate: query.beforeDate ? query.beforeDate.toISOString() : NO_BOUND_DATE,
      cursorId: query.beforeDate && query.beforeId ? query.beforeId : NIL_UUID,
    },
    keep: { older: limit, newer: () => 0 },
  };
}

/** Builds the statement of one direction and read size; the conversation part is the same for all. */
function buildHistoryStatement(db: DbOrTx, direction: Direction, readSize: number) {
  const id = sql.placeholder('id');
  const userId = sql.placeholder('userId');
  const readPosition = sql`(select cp.last_read_seq from ${conversationParticipants} cp
    where cp.conversation_id = ${id} and cp.user_id = ${userId})`;
  const viewer: SqlViewer = {
    id: userId,
    isAdmin: sql`${sql.placeholder('viewerIsAdmin')}::boolean`,
    isLocked: sql`${sql.placeholder('viewerIsLocked')}::boolean`,
  };
  const page = pageColumns(direction, id, readSize, { id: sql`${userId}::uuid`, isAdmin: viewer.isAdmin });
  return db
    .select({
      conversation: conversations,
      // A participant is whoever has a read position.
      readable: sql<boolean | null>`${canReadSql('conversations', viewer, sql`${readPosition} is not null`)}`,
      lastReadSeq: sql<number | string | null>`${readPosition}`,
      newestSeq: sql<number | string | null>`(select coalesce(max(n.created_seq), 0) from ${messages} n
        where n.conversation_id = ${id})`,
      participants: sql<string[] | string | null>`(select json_agg(p.user_id order by p.joined_at, p.user_id)
        from ${conversationParticipants} p where p.conversation_id = ${id})`,
      lastAt: sql<string | Date | null>`(select t.created_at from ${messages} t
        where t.conversation_id = ${id} and t.parent_message_id is null
        order by t.created_at desc, t.id desc limit 1)`,
      // Non-participants of a channel have no read position: no count, shown as 0.
      unread: sql<number | string | null>`case when ${readPosition} is null then null else
        ${unreadAfter(id, userId, readPosition)} end`,
      older: sql<string | null>`${page.older}`,
      newer: sql<string | null>`${page.newer}`,
      olderBeyond: sql<boolean | null>`${page.olderBeyond}`,
      newerBeyond: sql<boolean | null>`${page.newerBeyond}`,
      anchorFound: sql<boolean | null>`${page.anchorFound}`,
    })
    .from(conversations)
    .where(eq(conversations.id, id))
    .prepare(`stoop_history_${direction === 'older' ? 'page' : direction}_${readSize}`);
}

type PageColumns = Record<'older' | 'newer' | 'olderBeyond' | 'newerBeyond' | 'anchorFound', SQL>;

/**
 * The page columns of one direction. `older` is newest first, `newer` oldest first; each reads one
 * row more than it keeps. The "beyond" tests say whether rows exist past the cursor on the side the
 * page does not read: the rows between the cursor and the page are exactly the page, so that is
 * "more on the other side" without reading any of them.
 */
function pageColumns(
  direction: Direction,
  id: Placeholder,
  readSize: number,
  viewer: HiddenViewer,
): PageColumns {
  const none = sql`null`;
  const cursor = cursorKey(id, sql.placeholder('cursorDate'), sql.placeholder('cursorId'));
  switch (direction) {
    case 'older':
      return {
        older: pageText(id, '<', cursor, readSize + 1, viewer),
        newer: none,
        olderBeyond: none,
        newerBeyond: anyBeyond(id, '>=', cursor),
        anchorFound: none,
      };
    case 'newer':
      return {
        older: none,
        newer: pageText(id, '>', cursor, readSize + 1, viewer),
        olderBeyond: anyBeyond(id, '<=', cursor),
        newerBeyond: none,
        anchorFound: none,
      };
    case 'around': {
      const anchor = anchorKey(id, sql.placeholder('cursorId'));
      return {
        older: pageText(id, '<', anchor, Math.floor(readSize / 2) + 1, viewer),
        // The anchor itself is the first of the newer side.
        newer: pageText(id, '>=', anchor, readSize + 1, viewer),
        olderBeyond: none,
        newerBeyond: none,
        anchorFound: sql`exists(select 1 from ${messages} a where a.id = ${sql.placeholder('cursorId')}::uuid
          and a.conversation_id = ${id} and a.parent_message_id is null)`,
      };
    }
  }
}

/** One prepared statement per direction and read size, each built once per database handle. */
const historyStatements = new Map<string, (db: DbOrTx) => ReturnType<typeof buildHistoryStatement>>();

function historyStatement(direction: Direction, readSize: number) {
  const key = `${direction}:${readSize}`;
  let statement = historyStatements.get(key);
  if (!statement) {
    statement = preparedPerDb((db) => buildHistoryStatement(db, direction, readSize));
    historyStatements.set(key, statement);
  }
  return statement;
}
