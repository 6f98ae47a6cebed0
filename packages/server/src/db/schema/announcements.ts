import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import { users } from './auth.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Admin announcements to every resident (markdown body). */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    title: text('title').notNull(),
    body: text('body').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    pinned: boolean('pinned').notNull().default(false),
    /** Emergency broadcast: reaches everyone regardless of mute. */
    urgent: boolean('urgent').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** When a scheduled one goes out; null once sent or when sent at once. */
    sendAt: at('send_at'),
    /** When it went out to residents; null while scheduled (only admins see it then). */
    sentAt: at('sent_at'),
  },
  // The list's order: pinned first, then newest first.
  (t) => [index('announcements_order_idx').on(sql`${t.pinned} desc`, sql`${t.createdAt} desc`, t.id)],
);

/** Per-resident read state: a row means read. */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: at('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.announcementId] })],
);

export type AnnouncementRow = typeof announcements.$inferSelect;
