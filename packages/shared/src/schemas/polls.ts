import { z } from 'zod';
import { POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, POLL_OPTION_MAX, POLL_QUESTION_MAX } from '../constants.ts';
import { pollAbilitiesSchema } from './abilities.ts';
import { idSchema } from './chat.ts';
import { dateTimeField } from './date-time.ts';

/** R-POLL-2: one answer of a poll with its count; voterIds stays empty for an anonymous poll. */
const pollOptionSchema = z.object({
  id: z.string(),
  text: z.string(),
  votes: z.number().int().nonnegative(),
  voterIds: z.array(z.string()),
});

/** A poll as everyone in its conversation sees it (also the live `poll:updated` payload). */
export const pollSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  createdBy: z.string().nullable(),
  question: z.string(),
  multiple: z.boolean(),
  anonymous: z.boolean(),
  closesAt: z.string().nullable(),
  closed: z.boolean(),
  createdAt: z.string(),
  options: z.array(pollOptionSchema),
  /** Residents who voted (each counts once, however many options they chose). */
  voterCount: z.number().int().nonnegative(),
  /** What this viewer may do with it (`poll:updated` carries each viewer's own). */
  abilities: pollAbilitiesSchema.optional(),
});
export type Poll = z.infer<typeof pollSchema>;

/** A poll for one reader: with the options they chose. */
const pollViewSchema = pollSchema.extend({ myOptionIds: z.array(z.string()) });
export type PollView = z.infer<typeof pollViewSchema>;

const optionTextSchema = z
  .string()
  .trim()
  .min(1, 'An option cannot be empty')
  .max(POLL_OPTION_MAX, `An option has at most ${POLL_OPTION_MAX} characters`);

/** POST /api/conversations/{id}/polls. */
export const createPollBodySchema = z.object({
  question: z
    .string()
    .trim()
    .min(1, 'A poll needs a question')
    .max(POLL_QUESTION_MAX, `A question has at most ${POLL_QUESTION_MAX} characters`),
  options: z
    .array(optionTextSchema)
    .min(POLL_OPTIONS_MIN, `A poll needs at least ${POLL_OPTIONS_MIN} options`)
    .max(POLL_OPTIONS_MAX, `A poll has at most ${POLL_OPTIONS_MAX} options`)
    .refine(
      (options) => new Set(options.map((option) => option.toLowerCase())).size === options.length,
      'Each option must be different',
    ),
  multiple: z.boolean().default(false),
  anonymous: z.boolean().default(false),
  closesAt: dateTimeField('closesAt', 'closesAt must be a date and time')
    .refine((value) => Date.parse(value) > Date.now(), 'closesAt must be in the future')
    .nullish(),
});
export type CreatePollBody = z.infer<typeof createPollBodySchema>;

/** POST /api/polls/{id}/votes: the options chosen replace any earlier vote. */
export const votePollBodySchema = z.object({
  optionIds: z
    .array(idSchema)
    .min(1, 'Choose at least one option')
    .max(POLL_OPTIONS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'Each option can be chosen once'),
});
export type VotePollBody = z.infer<typeof votePollBodySchema>;

export const pollIdParamsSchema = z.object({ id: idSchema });
export const pollResponseSchema = z.object({ poll: pollViewSchema });
