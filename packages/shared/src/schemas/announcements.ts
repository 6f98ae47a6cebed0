import { z } from 'zod';
import { ANNOUNCEMENTS_PAGE_SIZE } from '../constants.ts';
import { publicUserSchema } from './user.ts';

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_BODY_MAX = 20_000;
/** A page never holds more than this many announcements, whatever `limit` asks for. */
const MAX_ANNOUNCEMENTS_PAGE_SIZE = 100;

/** An announcement as a reader gets it: the author's public shape and the reader's own read state. */
export const announcementSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Markdown; clients render it with their safe renderer, never as HTML. */
  body: z.string(),
  /** Null once the author's account is gone. */
  author: publicUserSchema.nullable(),
  pinned: z.boolean(),
  /** Emergency broadcast: reaches everyone regardless of any mute. */
  urgent: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the reader marked it read (false in broadcasts, which have no single reader). */
  read: z.boolean(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementIdParamsSchema = z.object({ id: z.uuid('id is not an announcement id') });

/** GET /api/announcements: pinned first, then newest first. */
export const announcementsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_ANNOUNCEMENTS_PAGE_SIZE).default(ANNOUNCEMENTS_PAGE_SIZE),
});
export type AnnouncementsQuery = z.infer<typeof announcementsQuerySchema>;

export const announcementsPageSchema = z.object({
  data: z.array(announcementSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AnnouncementsPage = z.infer<typeof announcementsPageSchema>;

const titleSchema = z
  .string()
  .trim()
  .min(1, 'An announcement needs a title')
  .max(ANNOUNCEMENT_TITLE_MAX, `A title has at most ${ANNOUNCEMENT_TITLE_MAX} characters`);
const bodySchema = z
  .string()
  .trim()
  .min(1, 'An announcement needs a text')
  .max(ANNOUNCEMENT_BODY_MAX, `A text has at most ${ANNOUNCEMENT_BODY_MAX} characters`);

/** POST /api/announcements (admins). */
export const createAnnouncementBodySchema = z.object({
  title: titleSchema,
  body: bodySchema,
  pinned: z.boolean().default(false),
  urgent: z.boolean().default(false),
});
export type CreateAnnouncementBody = z.infer<typeof createAnnouncementBodySchema>;

/** PATCH /api/announcements/{id} (admins): any of the fields, at least one. */
export const updateAnnouncementBodySchema = z
  .object({
    title: titleSchema.optional(),
    body: bodySchema.optional(),
    pinned: z.boolean().optional(),
    urgent: z.boolean().optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: 'title, body, pinned or urgent is required',
    path: ['title'],
  });
export type UpdateAnnouncementBody = z.infer<typeof updateAnnouncementBodySchema>;

export const announcementResponseSchema = z.object({ announcement: announcementSchema });
/** POST /api/announcements/{id}/read and /read-all: how many the reader has left unread. */
export const announcementsUnreadSchema = z.object({ unread: z.number().int().nonnegative() });
