import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { RsvpStatus } from '@stoop/shared';
import { users } from './auth.ts';
import { conversations } from './chat.ts';
import { integrations } from './integrations.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * R-EVENT-1: an event. Posted into a conversation, it is seen under that conversation's read rule
 * without one it belongs to the whole building. One from an iCal source
 * keeps the source and the VEVENT's UID, once per source.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    location: text('location').notNull(),
    description: text('description').notNull().default(''),
    integrationId: uuid('integration_id').references(() => integrations.id, { onDelete: 'set null' }),
    sourceUid: text('source_uid'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** R-EVENT-11: when its creator or an admin cancelled it; the row stays for its card. */
    cancelledAt: at('cancelled_at'),
  },
  (t) => [
    index('events_starts_at_idx').on(t.startsAt),
    index('events_conversation_idx').on(t.conversationId),
    uniqueIndex('events_source_uid_unique')
      .on(t.integrationId, t.sourceUid)
      .where(sql`${t.sourceUid} is not null`),
  ],
);

/** One answer per resident and event, replaced when they change it. */
export const eventRsvps = pgTable(
  'event_rsvps',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<RsvpStatus>().notNull(),
    answeredAt: at('answered_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_rsvps_user_idx').on(t.userId)],
);

/**
 * A reminder sent, one row per event and resident. The scheduler claims a reminder by
 * inserting its row (the key refuses a second), so a restart or another instance never sends it twice.
 */
export const eventReminders = pgTable(
  'event_reminders',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: at('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

/**
 * A resident's calendar feed. The token is HMAC(SESSION_SECRET, user:salt), so the
 * address can be shown again without being stored; the row keeps the salt and the token's hash
 * (the feed looks the resident up by it). A new salt replaces the address.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  salt: text('salt').notNull(),
  tokenHash: text('token_hash').notNull().unique('calendar_feeds_token_hash_unique'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;
export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;
