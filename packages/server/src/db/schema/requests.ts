import type { RequestCategory, RequestStatus } from '@stoop/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import { users } from './auth.ts';

const id = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * R-REQ-1 A resident's request to the building office. The photo's bytes live in the upload
 * directory like chat files (files/storage.ts, metadata stripped); the row keeps where.
 */
export const buildingRequests = pgTable(
  'building_requests',
  {
    id: id(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').$type<RequestCategory>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    status: text('status').$type<RequestStatus>().notNull().default('open'),
    photoKey: text('photo_key'),
    photoMimeType: text('photo_mime_type'),
    photoSize: integer('photo_size'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // A resident's own list, and the office queue filtered by status; both newest first.
    index('building_requests_requester_idx').on(t.requesterId, sql`${t.createdAt} desc`),
    index('building_requests_status_idx').on(t.status, sql`${t.createdAt} desc`),
  ],
);
export type BuildingRequestRow = typeof buildingRequests.$inferSelect;

/** R-REQ-8 A request's history: its filing, every status change (from, to, note) and every comment. */
export const buildingRequestEvents = pgTable(
  'building_request_events',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => buildingRequests.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'created' | 'status' | 'comment'>().notNull(),
    /** Whether the actor acted as the office (an admin), fixed when written. */
    byOffice: boolean('by_office').notNull().default(false),
    fromStatus: text('from_status').$type<RequestStatus>(),
    toStatus: text('to_status').$type<RequestStatus>(),
    text: text('text'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('building_request_events_request_idx').on(t.requestId, t.createdAt)],
);
export type BuildingRequestEventRow = typeof buildingRequestEvents.$inferSelect;
