import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { IntegrationType } from '@stoop/shared';
import { users } from './auth.ts';
import { conversations } from './chat.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * R-INTEG-1: a data source feeding a channel. Its messages are sent as its owner, the admin who
 * connected it, and shown under its name (docs/decisions/0018-integration-messages.md).
 */
export const integrations = pgTable(
  'integrations',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    type: text('type').$type<IntegrationType>().notNull(),
    name: text('name').notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The feed's address (rss, ical); null for a webhook. */
    url: text('url'),
    /** SHA-256 of a webhook's secret (hex); the secret itself is shown once and never stored. */
    secretHash: text('secret_hash'),
    paused: boolean('paused').notNull().default(false),
    /** Validators of the last answer, sent back as If-None-Match / If-Modified-Since. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastPolledAt: at('last_polled_at'),
    /** When a poller may fetch it next; a poller claims it by moving this forward. */
    nextPollAt: at('next_poll_at').notNull().defaultNow(),
    lastActivityAt: at('last_activity_at'),
    lastError: text('last_error'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('integrations_due_idx')
      .on(t.nextPollAt)
      .where(sql`${t.paused} = false and ${t.type} <> 'webhook'`),
    index('integrations_conversation_idx').on(t.conversationId),
  ],
);

/** The feed items already seen (guid, Atom id or iCal UID), so each is posted once. */
export const integrationItems = pgTable(
  'integration_items',
  {
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull(),
    seenAt: at('seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.integrationId, t.itemKey] })],
);

export type IntegrationRow = typeof integrations.$inferSelect;
export type NewIntegration = typeof integrations.$inferInsert;
