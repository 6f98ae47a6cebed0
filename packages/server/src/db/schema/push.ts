import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { PushPlatform } from '@stoop/shared';
import { sessions, users } from './auth.ts';

const id = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One row per device registration. A token is unique: registering it for another user moves it.
 * The session it was registered with owns it, so logout (which deletes the session) removes it.
 */
export const pushTokens = pgTable(
  'push_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<PushPlatform>().notNull(),
    /** FCM registration token, or the web PushSubscription as JSON. */
    token: text('token').notNull(),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
    lastUsedAt: at('last_used_at'),
    /** Failed sends in a row; reset by a success. */
    failures: integer('failures').notNull().default(0),
  },
  (t) => [uniqueIndex('push_tokens_token_unique').on(t.token), index('push_tokens_user_idx').on(t.userId)],
);

/** What a queued push shows; `tag` groups a conversation's pushes (collapse and replace on device). */
export type PushPayload = {
  title: string;
  body: string;
  link: string;
  tag?: string;
  /** Display name of the group the tag stands for ("#general"), used when a burst collapses. */
  group?: string;
  conversationId?: string;
  urgent?: boolean;
  /** An announcement's push: a device that takes it counts as delivered on its receipts. */
  announcementId?: string;
};

/**
 * The push queue: rows, so jobs survive a restart; claimed by bumping `attempts` and setting a lease
 * (`claimedUntil`), so several instances never send one job twice while both live.
 */
export const pushJobs = pgTable(
  'push_jobs',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<PushPayload>().notNull(),
    /** Copied from payload.tag: the collapse key. */
    tag: text('tag'),
    /** How many enqueued pushes this row stands for (a collapsed burst). */
    count: integer('count').notNull().default(1),
    attempts: integer('attempts').notNull().default(0),
    /** After a partial failure: only these tokens are tried again (the others already have it). */
    retryTokenIds: jsonb('retry_token_ids').$type<string[]>(),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    claimedUntil: at('claimed_until'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('push_jobs_due_idx').on(t.nextAttemptAt),
    // At most one never-attempted job per user and tag: a burst merges into it (ON CONFLICT).
    uniqueIndex('push_jobs_collapse_unique')
      .on(t.userId, t.tag)
      .where(sql`${t.attempts} = 0`),
  ],
);

export type PushTokenRow = typeof pushTokens.$inferSelect;
export type PushJobRow = typeof pushJobs.$inferSelect;
