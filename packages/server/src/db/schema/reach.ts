import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { NoticeChannels, NoticeKind } from '@stoop/shared';
import { announcements } from './announcements.ts';
import { users } from './auth.ts';
import { messages } from './chat.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * How an announcement reached each resident. A row is made when it goes out; each
 * column is set the first time (a reminder never moves them). Seen is announcement_reads.
 */
export const announcementReceipts = pgTable(
  'announcement_receipts',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pushAt: at('push_at'),
    mailAt: at('mail_at'),
    inAppAt: at('in_app_at'),
    acknowledgedAt: at('acknowledged_at'),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] })],
);

/** A resident's notification settings; no row means the defaults. */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  channels: jsonb('channels').$type<NoticeChannels>().notNull(),
  dailyDigest: boolean('daily_digest').notNull().default(false),
  /** Minutes after midnight, in `time_zone`; both null: no quiet hours. */
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  timeZone: text('time_zone').notNull().default('UTC'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * What may go out by mail to one resident when they have not read it by `dueAt`. One
 * row per resident and source, so nothing is queued twice; `sentAt` marks it mailed (or dropped,
 * with `dropped` saying why) so it is never mailed twice either. Claimed with a lease, as push jobs.
 */
export const mailItems = pgTable(
  'mail_items',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NoticeKind>().notNull(),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    announcementId: uuid('announcement_id').references(() => announcements.id, { onDelete: 'cascade' }),
    /** The in-app notification it mirrors (a mention, a reply, a request, an event), when any. */
    notificationId: uuid('notification_id'),
    /** A line for what has neither message nor announcement (a request or event notification). */
    text: text('text'),
    link: text('link').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    dueAt: at('due_at').notNull(),
    claimedUntil: at('claimed_until'),
    sentAt: at('sent_at'),
    /** Why it was not mailed: read, readable no more, socket open, settings. Null when mailed. */
    dropped: text('dropped'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('mail_items_due_idx')
      .on(t.dueAt)
      .where(sql`${t.sentAt} is null`),
    index('mail_items_user_idx').on(t.userId),
    uniqueIndex('mail_items_message_unique')
      .on(t.userId, t.messageId)
      .where(sql`${t.messageId} is not null`),
    // A reminder may queue an announcement again, but never twice while one waits.
    uniqueIndex('mail_items_announcement_unique')
      .on(t.userId, t.announcementId)
      .where(sql`${t.announcementId} is not null and ${t.sentAt} is null`),
    uniqueIndex('mail_items_notification_unique')
      .on(t.userId, t.notificationId)
      .where(sql`${t.notificationId} is not null`),
  ],
);

export type MailItemRow = typeof mailItems.$inferSelect;
export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;
