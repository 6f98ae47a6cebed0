import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { LockReason, NativePlatform, Role, SessionClient, UserMetadata } from '@stoop/shared';

/** UUIDv7 primary key: time-ordered, so inserts stay local in the index. */
const id = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** R-USER-14 User. Emails are stored lower-cased; uniqueness is on the stored value. */
export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    description: text('description').notNull().default(''),
    /** File name under UPLOAD_DIR/avatars, presented as /api/avatars/{file}. */
    avatar: text('avatar'),
    metadata: jsonb('metadata').$type<UserMetadata>().notNull(),
    role: text('role').$type<Role>().notNull().default('resident'),
    isLocked: boolean('is_locked').notNull().default(false),
    lockReason: text('lock_reason').$type<LockReason>(),
    passwordHash: text('password_hash').notNull(),
    /** R-RECEIPT-5: others see how far this resident has read; off, they see nobody's either. */
    shareReadReceipts: boolean('share_read_receipts').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_username_idx').on(t.username),
    // Trigram index so the directory's username filter (ILIKE '%q%') stays fast.
    index('users_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
  ],
);

/**
 * Server-side sessions; only the SHA-256 of the token is stored. A web session's token is the
 * session cookie; a native session's is the bearer token of the android or ios app.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set by POST /api/set-user: the admin owning the session acts as this user. */
    actingAsUserId: uuid('acting_as_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** Hash of the CSRF secret the session was started with (auth/http/csrf.ts); null for older sessions. */
    csrfBinding: text('csrf_binding'),
    /** `web`: cookie and CSRF; `native`: bearer token, never a cookie. */
    client: text('client').$type<SessionClient>().notNull().default('web'),
    /** The native app's platform, as it said at sign-in (shown in the device list). */
    platform: text('platform').$type<NativePlatform>(),
    /** When a native session last made a call (written at most once per NATIVE_LAST_USED_STEP_MS). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Single-use password reset tokens (hash only), valid PASSWORD_RESET_TTL_MS. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('password_resets_token_hash_unique').on(t.tokenHash)],
);

/** Admin actions (approve, lock, role, set-user, ...), kept for GET /api/audit-log. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

/** Messages sent through the public contact form. */
export const contactMessages = pgTable('contact_messages', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;
