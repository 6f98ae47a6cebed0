import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import { users } from './auth.ts';
import { conversations } from './chat.ts';

const id = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One WhatsApp import into a channel. Its messages carry `messages.import_id`, so an
 * undo removes them as a whole; `processed` moves per committed batch (the admin's progress).
 */
export const whatsappImports = pgTable(
  'whatsapp_imports',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    status: text('status').$type<'running' | 'done' | 'failed' | 'undone'>().notNull().default('running'),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    error: text('error'),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [index('whatsapp_imports_created_idx').on(t.createdAt)],
);

/** A lobby invitation. Only the code's hash would be safer, but the poster must be reprinted. */
export const invites = pgTable(
  'invites',
  {
    id: id(),
    code: text('code').notNull(),
    label: text('label').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    approveAtOnce: boolean('approve_at_once').notNull().default(false),
    revokedAt: at('revoked_at'),
  },
  (t) => [uniqueIndex('invites_code_unique').on(t.code)],
);

/** Who signed up through which invitation. */
export const inviteJoins = pgTable(
  'invite_joins',
  {
    inviteId: uuid('invite_id')
      .notNull()
      .references(() => invites.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: at('joined_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.inviteId, t.userId] })],
);

/** R-MOVEIN-10: the building's name for posters and invitation sign-ups; at most one row (id 1). */
export const buildingSettings = pgTable(
  'building_settings',
  {
    id: smallint('id').primaryKey().default(1),
    name: text('name').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [check('building_settings_single_row', sql`${t.id} = 1`)],
);

export type WhatsappImportRow = typeof whatsappImports.$inferSelect;
export type InviteRow = typeof invites.$inferSelect;
