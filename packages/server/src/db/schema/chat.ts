import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { ConversationType, LinkPreview, MessageBot, Reaction, ReportReason } from '@stoop/shared';
import { users } from './auth.ts';

/** UUIDv7 primary key: ids sort by creation time, so (created_at, id) and id order agree. */
const id = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const uuidList = (name: string) =>
  uuid(name)
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * R-DELIVERY-2, R-ACCESS-1, R-ACCESS-2: every change to a message (new, edit, like, flag, delete)
 * takes the next value of this one sequence; GET /api/sync pages through it.
 */
export const messageChangeSeq = pgSequence('message_change_seq', { startWith: 1, increment: 1 });

/** R-USER-5, R-CONV-1 Conversation. Direct conversations carry `direct_key` so one pair has one conversation. */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    type: text('type').$type<ConversationType>().notNull(),
    name: text('name').notNull().default(''),
    description: text('description').notNull().default(''),
    /** files.id of the channel icon, served by GET /api/files/{id}. */
    iconFileId: uuid('icon_file_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    lastMessageAt: at('last_message_at'),
    adminFlaggedBy: uuidList('admin_flagged_by'),
    adminHidden: boolean('admin_hidden').notNull().default(false),
    /** "<smaller user id>:<larger user id>" for direct conversations, null for channels. */
    directKey: text('direct_key'),
  },
  (t) => [
    uniqueIndex('conversations_direct_key_unique').on(t.directKey),
    // Channel names are unique regardless of case: "#General" and "#general" would confuse residents.
    // Only among visible channels: a hidden one must not answer "taken" to a resident.
    uniqueIndex('conversations_visible_channel_name_unique')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.type} = 'channel' and not ${t.adminHidden}`),
  ],
);

export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: at('joined_at').notNull().defaultNow(),
    /** created_seq of the newest message this participant has seen; drives unreadCount. */
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_participants_user_idx').on(t.userId),
  ],
);

/** Uploaded attachments and channel icons; the bytes live under UPLOAD_DIR, never a static folder. */
export const files = pgTable(
  'files',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    uploaderId: uuid('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name the uploader gave, shown to readers and used in Content-Disposition. */
    name: text('name').notNull(),
    /** Sniffed from the bytes, never the client's claim. */
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    /** The thumbnail's size in pixels, so readers reserve its space before it loads. */
    thumbnailWidth: integer('thumbnail_width'),
    thumbnailHeight: integer('thumbnail_height'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('files_conversation_idx').on(t.conversationId, t.createdAt)],
);

/** R-USER-15 Message. Deletion leaves a tombstone (deleted_at set, content and file cleared). */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentMessageId: uuid('parent_message_id').references((): AnyPgColumn => messages.id, {
      onDelete: 'cascade',
    }),
    content: text('content').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
    /** Position of the latest change in the change feed. */
    seq: bigint('seq', { mode: 'number' })
      .notNull()
      .default(sql`nextval('message_change_seq')`),
    /** seq at creation; unread counts compare it with last_read_seq so edits do not re-mark as unread. */
    createdSeq: bigint('created_seq', { mode: 'number' }).notNull(),
    clientMessageId: text('client_message_id'),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    userFlaggedBy: uuidList('user_flagged_by'),
    adminFlaggedBy: uuidList('admin_flagged_by'),
    mentionedUsers: uuidList('mentioned_users'),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(content, ''))`,
    ),
    /**
     * An admin hid the message. Readers other than its author and admins get it without
     * content, file, likes or mentions (messages/present.ts presentFor, repo/present-sql.ts).
     */
    adminHidden: boolean('admin_hidden').notNull().default(false),
    /** R-ADMIN-8: when an admin last settled its flags (dismiss or hide); later flags queue it again. */
    flagsReviewedAt: at('flags_reviewed_at'),
    /**
     * The data source a message was posted by and the name (and icon) it is shown under;
     * null for people's messages (docs/decisions/0018-integration-messages.md).
     */
    bot: jsonb('bot').$type<MessageBot>(),
    /**
     * The poll this message carries (polls.id). No foreign key: a poll lives and dies with
     * its conversation, as its message does, and polls.ts builds on this file.
     */
    pollId: uuid('poll_id'),
    /** The event this message carries (events.id); no foreign key, as for poll_id. */
    eventId: uuid('event_id'),
    /**
     * R-REACT-1: emoji reactions, `[{emoji, userIds}]` oldest first. Kept on the row (not a table
     * like message_likes) so a history page reads them with the message, at no extra join.
     */
    reactions: jsonb('reactions')
      .$type<Reaction[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * The WhatsApp import that brought the message in (whatsapp_imports.id; no foreign
     * key, as for poll_id, since that table builds on this file), and its key within the
     * conversation: the same export imported again adds nothing.
     */
    importId: uuid('import_id'),
    importKey: text('import_key'),
    /**
     * The card of the first link, copied from link_previews once fetched (after the
     * send committed, never in its path); kept on the row so history pages read it at no extra join.
     */
    linkPreview: jsonb('link_preview').$type<LinkPreview>(),
    /** R-PREVIEW-5: the author removed the card; it is never fetched or shown again for this message. */
    linkPreviewRemoved: boolean('link_preview_removed').notNull().default(false),
  },
  (t) => [
    // Keyset page of top-level messages: WHERE conversation_id = ? AND (created_at, id) < (?, ?).
    // Ascending on purpose: scanned backwards it serves ORDER BY created_at DESC, id DESC, whereas
    // drizzle's .desc() emits DESC NULLS LAST, which that ORDER BY (NULLS FIRST) cannot use.
    index('messages_page_v2_idx')
      .on(t.conversationId, t.createdAt, t.id)
      .where(sql`${t.parentMessageId} is null`),
    index('messages_parent_idx').on(t.parentMessageId, t.createdAt),
    uniqueIndex('messages_seq_unique').on(t.seq),
    index('messages_conversation_seq_idx').on(t.conversationId, t.createdSeq),
    // Idempotency of sends: one clientMessageId per sender and conversation, so a client's id
    // reused in another conversation never answers with a message of the first.
    uniqueIndex('messages_client_id_per_conversation_unique').on(
      t.userId,
      t.conversationId,
      t.clientMessageId,
    ),
    index('messages_file_idx').on(t.fileId),
    // The message carrying an event's card, found when the event is renamed; few rows.
    index('messages_event_idx')
      .on(t.eventId)
      .where(sql`${t.eventId} is not null`),
    // Open flags are counted often and are few; the statistics' predicate matches this one.
    index('messages_flagged_idx')
      .on(t.createdAt)
      .where(
        sql`${t.deletedAt} is null and (cardinality(${t.userFlaggedBy}) > 0 or cardinality(${t.adminFlaggedBy}) > 0)`,
      ),
    index('messages_import_idx')
      .on(t.importId)
      .where(sql`${t.importId} is not null`),
    uniqueIndex('messages_import_key_unique')
      .on(t.conversationId, t.importKey)
      .where(sql`${t.importKey} is not null`),
    index('messages_search_idx').using('gin', t.searchVector),
    // A search reads its newest matches walking this backwards (as messages_page_v2_idx,
    // ascending on purpose), so a common word costs no more than a rare one. R-STATS-0, R-BILL-2:
    // the statistics and the monthly usage count messages by time across conversations with it too.
    index('messages_created_idx').on(t.createdAt, t.id),
  ],
);

export const messageLikes = pgTable(
  'message_likes',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);

/**
 * Who flagged a message and when. The metadata lists (user_flagged_by, admin_flagged_by)
 * stay the message's shape; this table adds the time for the admins' queue.
 */
export const messageFlags = pgTable(
  'message_flags',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Flagged by an admin (admin_flagged_by) rather than a resident (user_flagged_by). */
    byAdmin: boolean('by_admin').notNull().default(false),
    /** The reason the reporter gave, if any, and their own words. */
    reason: text('reason').$type<ReportReason>(),
    note: text('note'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    index('message_flags_created_idx').on(t.createdAt),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type FileRow = typeof files.$inferSelect;
