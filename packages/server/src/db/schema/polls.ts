import { index, integer, pgTable, primaryKey, text, timestamp, uuid, boolean } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import { users } from './auth.ts';
import { conversations } from './chat.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A poll asked in a conversation; who may see it follows the conversation. */
export const polls = pgTable(
  'polls',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    question: text('question').notNull(),
    multiple: boolean('multiple').notNull().default(false),
    anonymous: boolean('anonymous').notNull().default(false),
    closesAt: at('closes_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('polls_conversation_idx').on(t.conversationId)],
);

export const pollOptions = pgTable(
  'poll_options',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    /** Order as asked. */
    position: integer('position').notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('poll_options_poll_idx').on(t.pollId, t.position)],
);

/** R-POLL-3: one row per chosen option; a resident's vote is all their rows of one poll. */
export const pollVotes = pgTable(
  'poll_votes',
  {
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    optionId: uuid('option_id')
      .notNull()
      .references(() => pollOptions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    votedAt: at('voted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId, t.optionId] })],
);

export type PollRow = typeof polls.$inferSelect;
export type PollOptionRow = typeof pollOptions.$inferSelect;
