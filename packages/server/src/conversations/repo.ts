import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  lt,
  ne,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { alias as tableAlias } from 'drizzle-orm/pg-core';
import { preparedPerDb } from '../db/prepared.ts';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import {
  conversationParticipants,
  conversations,
  files,
  messages,
  users,
  type ConversationRow,
  type FileRow,
  type UserRow,
} from '../db/schema/index.ts';

/** Unread counts stop here: a badge reads "999+" long before an exact figure matters. */
const UNREAD_CAP = 999;
/** How many messages after a read position the count looks at (own and deleted ones included). */
const UNREAD_SCAN_LIMIT = 5 * UNREAD_CAP;

/**
 * The unread count after `position` in one conversation: others' live messages, capped. It first
 * takes the messages after the position in created_seq order, a range of
 * messages_conversation_seq_idx, and filters them afterwards. The position is only known when the
 * statement runs, and if the author filter sits in the scan PostgreSQL estimates from it instead
 * (a reader who wrote most messages makes "not by me" look rare) and chose a parallel sequential
 * scan of every message: 75 ms with a million of them, against well under 1 ms for the range. A
 * reader with thousands of their own posts after their position may see a count that is short;
 * their own posts are not unread for them anyway.
 */
export function unreadAfter(
  conversationId: SQL | Placeholder,
  viewerId: SQL | Placeholder,
  position: SQL,
): SQL {
  // The two bounds are literals, not parameters: with a parameter PostgreSQL's generic plan
  // assumes a LIMIT keeps 10 % of the rows and plans a scan of every message.
  return sql`(select least(count(*), ${sql.raw(String(UNREAD_CAP))}) from (
      select u.user_id, u.deleted_at from ${messages} u
      where u.conversation_id = ${conversationId} and u.created_seq > ${position}
      order by u.created_seq
      limit ${sql.raw(String(UNREAD_SCAN_LIMIT))}) r
    where r.user_id <> ${viewerId} and r.deleted_at is null)`;
}

/** A conversation by id, whoever asks: callers decide access (the notification list does). */
export async function findConversationById(db: DbOrTx, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  return row;
}

/**
 * The conversation and the user's participant row (null when not a participant) in one round trip:
 * the access check of every chat call starts here.
 */
export async function findConversationFor(
  db: DbOrTx,
  id: string,
  userId: string,
): Promise<{ conversation: ConversationRow; lastReadSeq: number | null } | undefined> {
  const [row] = await conversationForStatement(db).execute({ id, userId });
  return row ? { conversation: row.conversation, lastReadSeq: row.lastReadSeq ?? null } : undefined;
}

/** Every chat call runs it: built once per database handle (see preparedPerDb). */
const conversationForStatement = preparedPerDb(prepareConversationFor);

function prepareConversationFor(db: DbOrTx) {
  return db
    .select({ conversation: conversations, lastReadSeq: conversationParticipants.lastReadSeq })
    .from(conversations)
    .leftJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.conversationId, conversations.id),
        eq(conversationParticipants.userId, sql.placeholder('userId')),
      ),
    )
    .where(eq(conversations.id, sql.placeholder('id')))
    .limit(1)
    .prepare('stoop_conversation_for_user');
}

/** Adds participants; already present ones are left alone. New members start caught up when `caughtUp`. */
export async function addParticipants(
  db: DbOrTx,
  conversationId: string,
  userIds: string[],
  caughtUp = false,
): Promise<void> {
  if (userIds.length === 0) return;
  const lastReadSeq = caughtUp
    ? sql`(select coalesce(max(${messages.createdSeq}), 0) from ${messages} where ${messages.conversationId} = ${conversationId})`
    : sql`0`;
  await db
    .insert(conversationParticipants)
    .values(userIds.map((userId) => ({ conversationId, userId, lastReadSeq })))
    .onConflictDoNothing();
}

export async function participantIdsOf(
  db: DbOrTx,
  conversationIds: string[],
): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(conversationIds.map((id) => [id, []]));
  if (conversationIds.length === 0) return result;
  const rows = await db
    .select({
      conversationId: conversationParticipants.conversationId,
      userId: conversationParticipants.userId,
    })
    .from(conversationParticipants)
    .where(inArray(conversationParticipants.conversationId, conversationIds))
    .orderBy(asc(conversationParticipants.joinedAt), asc(conversationParticipants.userId));
  for (const row of rows) result.get(row.conversationId)?.push(row.userId);
  return result;
}

export type ConversationStats = { lastMessageAt: Date | null; unreadCount: number };

/** Latest message time and the viewer's unread count for each conversation, in two indexed queries. */
export async function conversationStats(
  db: DbOrTx,
  conversationIds: string[],
  viewerId: string,
): Promise<Map<string, ConversationStats>> {
  const result = new Map<string, ConversationStats>(
    conversationIds.map((id) => [id, { lastMessageAt: null, unreadCount: 0 }]),
  );
  if (conversationIds.length === 0) return result;
  const idList = sql.join(
    conversationIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // LATERAL + LIMIT keeps each lookup on messages_page_idx / messages_conversation_seq_idx.
  const raw = await db.execute(sql`
    select c.id,
      (select m.created_at from ${messages} m
        where m.conversation_id = c.id and m.parent_message_id is null
        order by m.created_at desc, m.id desc limit 1) as last_at,
      case when p.last_read_seq is null then null
        else ${unreadAfter(sql`c.id`, sql`${viewerId}::uuid`, sql`p.last_read_seq`)} end as unread
    from unnest(array[${idList}]) as c(id)
    left join ${conversationParticipants} p on p.conversation_id = c.id and p.user_id = ${viewerId}
  `);
  for (const row of rowsOf<{ id: string; last_at: string | Date | null; unread: number | string | null }>(
    raw,
  )) {
    const lastAt = row.last_at === null ? null : new Date(row.last_at);
    // Non-participants of a channel have no read position: their count is 0 ("unknown").
    result.set(row.id, { lastMessageAt: lastAt, unreadCount: row.unread === null ? 0 : Number(row.unread) });
  }
  return result;
}

export async function listConversationsByIds(db: DbOrTx, ids: string[]): Promise<ConversationRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(conversations)
    .where(inArray(conversations.id, ids))
    .orderBy(desc(conversations.updatedAt));
}

export async function findDirectByKey(db: DbOrTx, directKey: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.directKey, directKey)).limit(1);
  return row;
}

export async function channelNameTaken(db: DbOrTx, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.type, 'channel'),
        eq(conversations.adminHidden, false),
        eq(sql`lower(${conversations.name})`, name.toLowerCase()),
        exceptId ? sql`${conversations.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type NewConversation = {
  type: 'direct' | 'channel';
  name: string;
  description: string;
  createdBy: string;
  directKey: string | null;
};

/** Inserts; returns undefined when a unique index (direct pair or channel name) already holds it. */
export async function insertConversation(
  db: DbOrTx,
  values: NewConversation,
): Promise<ConversationRow | undefined> {
  const [row] = await db.insert(conversations).values(values).onConflictDoNothing().returning();
  return row;
}

export type ConversationPatch = Partial<{
  name: string;
  description: string;
  iconFileId: string | null;
  adminFlaggedBy: string[];
  adminHidden: boolean;
}>;

export async function updateConversation(
  db: DbOrTx,
  id: string,
  patch: ConversationPatch,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .update(conversations)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(conversations.id, id))
    .returning();
  return row;
}

/** Adds the admin to adminFlaggedBy once, in one statement. */
export async function addAdminFlag(
  db: DbOrTx,
  id: string,
  adminId: string,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .update(conversations)
    .set({
      adminFlaggedBy: sql`case when ${adminId}::uuid = any(${conversations.adminFlaggedBy}) then ${conversations.adminFlaggedBy} else array_append(${conversations.adminFlaggedBy}, ${adminId}::uuid) end`,
      updatedAt: new Date(),
    })
    .where(eq(conversations.id, id))
    .returning();
  return row;
}

export async function deleteConversation(db: DbOrTx, id: string): Promise<FileRow[]> {
  // Collect the stored files first: rows go with the cascade, bytes are removed after commit.
  const stored = await db.select().from(files).where(eq(files.conversationId, id));
  await db.delete(conversations).where(eq(conversations.id, id));
  return stored;
}

/**
 * Moves a participant's read position up to `seq` (what they were just shown); never backwards, and
 * no write at all when it would not move. Answers the new position, undefined when it did not move.
 */
export async function markReadUpTo(
  db: DbOrTx,
  conversationId: string,
  userId: string,
  seq: number,
): Promise<number | undefined> {
  // Capped at the newest message's created_seq, so a position can never run ahead of the history.
  const newest = sql`(select coalesce(max(${messages.createdSeq}), 0) from ${messages}
    where ${messages.conversationId} = ${conversationId})`;
  const [moved] = await db
    .update(conversationParticipants)
    .set({ lastReadSeq: sql`least(${seq}::bigint, ${newest})` })
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, userId),
        lt(conversationParticipants.lastReadSeq, sql`least(${seq}::bigint, ${newest})`),
      ),
    )
    .returning({ lastReadSeq: conversationParticipants.lastReadSeq });
  return moved?.lastReadSeq;
}

/**
 * R-RECEIPT: the read positions of a conversation's participants other than `userId`, with whether
 * each shares them; at most `limit` rows.
 */
export function otherParticipantReads(
  db: DbOrTx,
  conversationId: string,
  userId: string,
  limit: number,
): Promise<{ userId: string; lastReadSeq: number; shares: boolean }[]> {
  return db
    .select({
      userId: conversationParticipants.userId,
      lastReadSeq: conversationParticipants.lastReadSeq,
      shares: users.shareReadReceipts,
    })
    .from(conversationParticipants)
    .innerJoin(users, eq(users.id, conversationParticipants.userId))
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        ne(conversationParticipants.userId, userId),
      ),
    )
    .limit(limit);
}

/**
 * R-RECEIPT: every conversation `userId` takes part in with at most `maxParticipants`
 * participants: their own read position there and the other participants who share receipts.
 */
export async function ownReadsWithSharingOthers(
  db: DbOrTx,
  userId: string,
  maxParticipants: number,
): Promise<{ conversationId: string; lastReadSeq: number; recipientIds: string[] }[]> {
  const own = tableAlias(conversationParticipants, 'own');
  const rows = await db
    .select({
      conversationId: own.conversationId,
      lastReadSeq: own.lastReadSeq,
      // Others who do not share see nobody's receipts, so they are not told (R-RECEIPT-5).
      recipientIds: sql<string[] | null>`array_agg(${conversationParticipants.userId}::text)
        filter (where ${users.shareReadReceipts})`,
    })
    .from(own)
    .innerJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.conversationId, own.conversationId),
        ne(conversationParticipants.userId, userId),
      ),
    )
    .innerJoin(users, eq(users.id, conversationParticipants.userId))
    .where(eq(own.userId, userId))
    .groupBy(own.conversationId, own.lastReadSeq)
    // The others only are counted: fewer than the bound means at most the bound with the user.
    .having(sql`count(*) < ${maxParticipants}`);
  return rows.map((row) => ({
    ...row,
    lastReadSeq: Number(row.lastReadSeq),
    recipientIds: row.recipientIds ?? [],
  }));
}

/** The participants' user rows, by name; they leave the server only through users/present.ts. */
export async function participantUsers(db: DbOrTx, conversationId: string): Promise<UserRow[]> {
  return db
    .select(getTableColumns(users))
    .from(conversationParticipants)
    .innerJoin(users, eq(users.id, conversationParticipants.userId))
    .where(eq(conversationParticipants.conversationId, conversationId))
    .orderBy(asc(sql`lower(${users.username})`));
}

export async function countMessagesAndFiles(
  db: DbOrTx,
  conversationId: string,
): Promise<{ messageCount: number; fileCount: number }> {
  const [row] = await db
    .select({
      messageCount: sql<number | string>`count(*)`,
      fileCount: sql<number | string>`count(${messages.fileId})`,
    })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), isNull(messages.deletedAt)));
  return { messageCount: Number(row?.messageCount ?? 0), fileCount: Number(row?.fileCount ?? 0) };
}

/** The channel of this name, ignoring case (channel names are unique regardless of case). */
export async function findChannelByName(db: DbOrTx, name: string): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.type, 'channel'), eq(sql`lower(${conversations.name})`, name.toLowerCase())))
    .limit(1);
  return row;
}

/**
 * What the conversation of alias `c` is called for the viewer `viewerId` (search results,
 * R-SEARCH-6), as an SQL expression: a channel by its name, a direct conversation by the other
 * participant's username (by every participant's when the viewer talks to themselves).
 */
export function conversationNameSql(c: string, viewerId: SQL | Placeholder): SQL {
  const alias = sql.identifier(c);
  const names = (others: SQL) => sql`(select string_agg(u.username, ', ' order by lower(u.username))
    from ${conversationParticipants} cp join ${users} u on u.id = cp.user_id
    where cp.conversation_id = ${alias}.id ${others})`;
  return sql`case when ${alias}.type = 'direct'
      then coalesce(${names(sql`and cp.user_id <> ${viewerId}`)}, ${names(sql``)}, '')
      else ${alias}.name end`;
}
