import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { NotificationType } from '@stoop/shared';
import { announcements } from './announcements.ts';
import { users } from './auth.ts';
import { conversations, messages } from './chat.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * In-app notifications, one row per recipient. Whether the reader may still see the source (a
 * deleted message, a hidden channel, a direct conversation left) is decided when they are read.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    announcementId: uuid('announcement_id').references(() => announcements.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** The web route that opens the source, fixed at creation (a conversation never changes type). */
    link: text('link').notNull(),
    readAt: at('read_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    // One notification per source and reason: a like, unliked and liked again, tells once.
    uniqueIndex('notifications_source_unique')
      .on(t.userId, t.type, t.actorId, t.messageId)
      .where(sql`${t.messageId} is not null`),
  ],
);

/** A resident's muted conversations: no notifications, no badge. */
export const conversationMutes = pgTable(
  'conversation_mutes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.conversationId] })],
);

export type NotificationRow = typeof notifications.$inferSelect;
