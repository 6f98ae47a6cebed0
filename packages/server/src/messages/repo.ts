import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { LinkPreview, MessageBot, Reaction } from '@stoop/shared';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { preparedPerDb } from '../db/prepared.ts';
import { canWriteSql, type SqlViewer } from '../access/repo/sql.ts';
import type { NewFile } from '../files/repo.ts';
import {
  conversationParticipants,
  conversations,
  files,
  messageLikes,
  messages,
  users,
  type FileRow,
  type MessageRow,
} from '../db/schema/index.ts';

/** A message row (the search vector is never needed) with everything presentMessage needs. */
export type MessageView = Omit<MessageRow, 'searchVector'> & {
  file: FileRow | null;
  likedBy: string[];
  replies: string[];
};

/** Arbitrary constant naming the advisory lock that orders message changes. */
const CHANGE_LOCK_KEY = 7_305_001;

/**
 * Runs a message change in a transaction that holds the change lock from taking its seq until
 * commit. Without it, a change could commit with a smaller seq after a client has already synced
 * past a larger one, and GET /api/sync would skip it. The lock makes seq order equal commit order.
 */
export async function inChangeTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await lockChanges(tx);
    return work(tx);
  });
}

/** Takes the change lock until the transaction ends: the first step of every message change. */
export async function lockChanges(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHANGE_LOCK_KEY})`);
}

const bumpSeq = sql`nextval('message_change_seq')`;

type NewMessage = {
  conversationId: string;
  userId: string;
  parentMessageId: string | null;
  content: string;
  clientMessageId: string | null;
  fileId: string | null;
  mentionedUsers: string[];
  /** R-INTEG-5: set when a data source posts it; absent for people's messages. */
  bot?: MessageBot | undefined;
  /** R-POLL-1: the poll the message carries (a poll's own message); absent for every other send. */
  pollId?: string | null;
  /** R-EVENT-2: the event the message carries (an event's own card); absent for every other send. */
  eventId?: string | null;
};

export type NewMessageWithId = NewMessage & { id: string };

/** A message to insert, and whether its author may post into a channel an admin hid (admins may). */
export type LockedInsert = NewMessageWithId & { seesHidden: boolean };

/**
 * Inserts several messages in one statement that first takes the change lock, then a seq per row
 * (seq = created_seq), in the given order: the join with the lock's one-row sub-select means no
 * row, so no nextval, exists before the lock is held. Run alone (autocommit) it is a whole change
 * transaction in one round trip; inside inChangeTransaction the lock is already held (it is
 * re-entrant). Rows whose (user, conversation, clientMessageId) is already taken, also by an earlier row of the
 * same statement, are skipped and missing from the result.
 *
 * The statement also applies the access rule (access/repo/sql.ts canWriteSql) to
 * each row, on the snapshot it writes with: a row whose author may not post there is skipped too,
 * so a plain send needs no separate access query and cannot race a channel being hidden. A post
 * into a channel makes its author a participant in the same statement (a first post stays one round
 * trip, batched with the others); the new participant has read up to their own post.
 */
export async function insertMessagesLocked(db: DbOrTx, values: LockedInsert[]): Promise<MessageRow[]> {
  if (values.length === 0) return [];
  const column = <T>(pick: (v: LockedInsert) => T) => values.map(pick);
  return insertLockedStatement(db).execute({
    ids: column((v) => v.id),
    conversationIds: column((v) => v.conversationId),
    userIds: column((v) => v.userId),
    parentIds: column((v) => v.parentMessageId),
    contents: column((v) => v.content),
    clientIds: column((v) => v.clientMessageId),
    fileIds: column((v) => v.fileId),
    mentioned: column((v) => JSON.stringify(v.mentionedUsers)),
    seesHidden: column((v) => v.seesHidden),
    bots: column((v) => (v.bot ? JSON.stringify(v.bot) : null)),
    pollIds: column((v) => v.pollId ?? null),
    eventIds: column((v) => v.eventId ?? null),
  });
}

function prepareInsertLocked(db: DbOrTx) {
  const p = (name: string) => sql.placeholder(name);
  // Each row's author, as the access rule sees them. A locked sender is refused before the send is
  // queued (sendMessage), so no row of a locked author reaches the statement.
  const sender: SqlViewer = { id: sql`t.user_id`, isAdmin: sql`t.sees_hidden`, isLocked: sql`false` };
  // One array parameter per column. Column order is the table's (drizzle lists every insertable
  // column); search_vector is generated, admin_hidden and flags_reviewed_at start unset, bot is R-INTEG-5's,
  // poll_id R-POLL-1's and event_id R-EVENT-2's; reactions start empty,
  // import_id and import_key stay null: a send imports nothing; link_preview
  // is fetched after the commit, so it starts null and not removed. The rows are
  // filtered by the access rule and then sorted (a sorted sub-select is not flattened), so nextval
  // runs in queue order for allowed rows only.
  const rows = sql`
    select x.id, x.conversation_id, x.user_id, x.parent_message_id, x.content, now(), now(), null::timestamptz,
      x.s, x.s, x.client_message_id, x.file_id, '{}'::uuid[], '{}'::uuid[],
      array(select json_array_elements_text(x.mentioned::json))::uuid[], false, null::timestamptz,
      x.bot::jsonb, x.poll_id, x.event_id, '[]'::jsonb, null::uuid, null::text, null::jsonb, false
    from (
      select i.*, nextval('message_change_seq') as s
      from (select pg_advisory_xact_lock(${CHANGE_LOCK_KEY})) as change_lock,
        (select * from (
            select t.*, (
              select ${canWriteSql('c', sender)}
              from ${conversations} c where c.id = t.conversation_id) as allowed
            from unnest(
              ${p('ids')}::uuid[], ${p('conversationIds')}::uuid[], ${p('userIds')}::uuid[],
              ${p('parentIds')}::uuid[], ${p('contents')}::text[], ${p('clientIds')}::text[],
              ${p('fileIds')}::uuid[], ${p('mentioned')}::text[], ${p('seesHidden')}::boolean[],
              ${p('bots')}::text[], ${p('pollIds')}::uuid[], ${p('eventIds')}::uuid[]
            ) with ordinality as t(id, conversation_id, user_id, parent_message_id, content, client_message_id,
              file_id, mentioned, sees_hidden, bot, poll_id, event_id, ord)
          ) as a
          where a.allowed order by a.ord) as i
      order by i.ord
    ) as x`;
  const inserted = db.$with('inserted').as(
    db
      .insert(messages)
      .select(rows)
      .onConflictDoNothing({ target: [messages.userId, messages.conversationId, messages.clientMessageId] })
      .returning(),
  );
  // Joins after the insert, from its rows: a repeat (not inserted) joins nothing, and a new
  // participant has read up to their own newest post of the statement.
  const joined = db.$with('joined', { userId: conversationParticipants.userId }).as(sql`
    insert into ${conversationParticipants} (conversation_id, user_id, last_read_seq)
    select i.conversation_id, i.user_id, max(i.created_seq)
    from ${inserted} i join ${conversations} c on c.id = i.conversation_id and c.type = 'channel'
    group by i.conversation_id, i.user_id
    on conflict do nothing
    returning user_id`);
  return db.with(inserted, joined).select().from(inserted).prepare('stoop_insert_messages_locked');
}

/** Sends run it all the time: built once per database handle (see preparedPerDb). */
const insertLockedStatement = preparedPerDb(prepareInsertLocked);

export async function insertFiles(tx: Tx, values: NewFile[]): Promise<FileRow[]> {
  if (values.length === 0) return [];
  return tx.insert(files).values(values).returning();
}

export async function deleteFiles(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length > 0) await tx.delete(files).where(inArray(files.id, ids));
}

/** Gives each message the next seq without changing anything else (its replies or likes changed). */
export async function bumpMessages(tx: Tx, ids: string[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return tx.update(messages).set({ seq: bumpSeq }).where(inArray(messages.id, ids)).returning();
}

export async function findMessage(db: DbOrTx, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return row;
}

/**
 * The first top-level message of others after a read position: where the "New messages"
 * line goes. A range of messages_conversation_seq_idx in created_seq order, so messages that arrive
 * later do not move it.
 */
export async function firstUnreadAfter(
  db: DbOrTx,
  conversationId: string,
  viewerId: string,
  position: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        gt(messages.createdSeq, position),
        ne(messages.userId, viewerId),
        isNull(messages.parentMessageId),
        isNull(messages.deletedAt),
      ),
    )
    .orderBy(asc(messages.createdSeq))
    .limit(1);
  return row?.id;
}

/** The sender's message of this clientMessageId in this conversation (the idempotency key). */
export async function findByClientId(
  db: DbOrTx,
  userId: string,
  conversationId: string,
  clientMessageId: string,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.userId, userId),
        eq(messages.conversationId, conversationId),
        eq(messages.clientMessageId, clientMessageId),
      ),
    )
    .limit(1);
  return row;
}

export type MessagePatch = Partial<{
  content: string;
  linkPreview: LinkPreview | null;
  linkPreviewRemoved: boolean;
  reactions: Reaction[];
  mentionedUsers: string[];
  deletedAt: Date;
  fileId: null;
  updatedAt: Date;
}>;

/** Applies a change and takes the next seq, so the change shows up in the feed. */
export async function changeMessage(
  tx: Tx,
  id: string,
  patch: MessagePatch,
): Promise<MessageRow | undefined> {
  const [row] = await tx
    .update(messages)
    .set({ ...patch, seq: bumpSeq })
    .where(eq(messages.id, id))
    .returning();
  return row;
}

/** The message carrying an event's card (R-EVENT-2), if it was posted into a conversation. */
export async function findMessageOfEvent(db: DbOrTx, eventId: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.eventId, eventId)).limit(1);
  return row;
}

export async function insertLike(tx: Tx, messageId: string, userId: string): Promise<boolean> {
  const rows = await tx.insert(messageLikes).values({ messageId, userId }).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function deleteLike(tx: Tx, messageId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .delete(messageLikes)
    .where(and(eq(messageLikes.messageId, messageId), eq(messageLikes.userId, userId)))
    .returning();
  return rows.length > 0;
}

/** Attaches file, likes and reply ids to rows, in two extra queries whatever the count. */
export async function withDetails(db: DbOrTx, rows: MessageRow[]): Promise<MessageView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const fileIds = rows.flatMap((r) => (r.fileId ? [r.fileId] : []));
  const [likeRows, replyRows, fileRows] = await Promise.all([
    db
      .select({ messageId: messageLikes.messageId, userId: messageLikes.userId })
      .from(messageLikes)
      .where(inArray(messageLikes.messageId, ids))
      .orderBy(asc(messageLikes.createdAt), asc(messageLikes.userId)),
    db
      .select({ id: messages.id, parentId: messages.parentMessageId })
      .from(messages)
      .where(inArray(messages.parentMessageId, ids))
      .orderBy(asc(messages.createdAt), asc(messages.id)),
    fileIds.length
      ? db.select().from(files).where(inArray(files.id, fileIds))
      : Promise.resolve([] as FileRow[]),
  ]);
  const likes = group(
    likeRows,
    (r) => r.messageId,
    (r) => r.userId,
  );
  const replies = group(
    replyRows,
    (r) => r.parentId ?? '',
    (r) => r.id,
  );
  const fileById = new Map(fileRows.map((f) => [f.id, f]));
  return rows.map((row) => ({
    ...row,
    file: row.fileId ? (fileById.get(row.fileId) ?? null) : null,
    likedBy: likes.get(row.id) ?? [],
    replies: replies.get(row.id) ?? [],
  }));
}

function group<T>(rows: T[], key: (row: T) => string, value: (row: T) => string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(value(row));
    else map.set(k, [value(row)]);
  }
  return map;
}

export async function threadReplies(db: DbOrTx, parentId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(eq(messages.parentMessageId, parentId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

export async function recentFileMessages(
  db: DbOrTx,
  conversationId: string,
  limit: number,
): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        isNotNull(messages.fileId),
        isNull(messages.deletedAt),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}

/** Rows changed after `after` in the given conversations, oldest change first. */
export async function changesAfter(
  db: DbOrTx,
  conversationIds: string[],
  after: number,
  limit: number,
): Promise<MessageRow[]> {
  if (conversationIds.length === 0) return [];
  return db
    .select()
    .from(messages)
    .where(and(gt(messages.seq, after), inArray(messages.conversationId, conversationIds)))
    .orderBy(asc(messages.seq))
    .limit(limit);
}

/** Approved users whose name appears in the text after an '@' somewhere (resolveMentions picks the exact ones). */
export async function mentionCandidates(
  db: DbOrTx,
  content: string,
): Promise<{ id: string; username: string }[]> {
  if (!content.includes('@')) return [];
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(eq(users.isLocked, false), sql`strpos(lower(${content}), '@' || lower(${users.username})) > 0`),
    )
    .limit(200);
}
