import { z } from 'zod';
import { idSchema, messageSchema, reportReasonSchema } from './chat.ts';
import { publicUserSchema } from './user.ts';

/** At most this many queue items per page of GET /api/admin/flagged. */
const FLAGGED_PAGE_SIZE_MAX = 50;

/** GET /api/admin/flagged query: oldest pages last, newest flag first. */
export const flaggedQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(FLAGGED_PAGE_SIZE_MAX).default(20),
});

/** One flag on a queued message: who (public shape), admin or resident, and when. */
const flagSchema = z.object({
  user: publicUserSchema,
  byAdmin: z.boolean(),
  flaggedAt: z.string(),
  /** R-REPORT-3: the reason and words the reporter gave (optional for older clients). */
  reason: reportReasonSchema.nullable().optional(),
  note: z.string().nullable().optional(),
});

/**
 * R-ADMIN-7 one queue item: the message whole (admins see hidden text too), where it was posted,
 * its author (public shape plus lock state, admins see it), the open flags, and the message in
 * context: up to two messages before and two after in its conversation or thread.
 */
const flaggedItemSchema = z.object({
  message: messageSchema,
  conversation: z.object({ id: z.string(), type: z.enum(['direct', 'channel']), name: z.string() }),
  author: publicUserSchema.extend({ isLocked: z.boolean() }),
  flags: z.array(flagSchema),
  lastFlaggedAt: z.string(),
  before: z.array(messageSchema),
  after: z.array(messageSchema),
  /** Authors of the context messages (public shape), so the page can name them. */
  contextAuthors: z.array(publicUserSchema),
});
export type FlaggedItem = z.infer<typeof flaggedItemSchema>;

export const flaggedPageSchema = z.object({
  data: z.array(flaggedItemSchema),
  total: z.number().int(),
  page: z.number().int(),
});
export type FlaggedPage = z.infer<typeof flaggedPageSchema>;

export const messageIdParamsSchema = z.object({ id: idSchema });
