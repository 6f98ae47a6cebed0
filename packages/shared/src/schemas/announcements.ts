import { z } from 'zod';
import { dateTimeField } from './date-time.ts';
import { ANNOUNCEMENTS_PAGE_SIZE } from '../constants.ts';
import { publicUserSchema } from './user.ts';
import { announcementAbilitiesSchema } from './abilities.ts';

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
  /** Whether the reader tapped "Got it" (false in broadcasts). */
  acknowledged: z.boolean(),
  /** When a scheduled announcement goes out; null once sent or when sent at once. */
  sendAt: z.string().nullable(),
  /** When it went out to residents; null while it waits for `sendAt` (admins only see those). */
  sentAt: z.string().nullable(),
  abilities: announcementAbilitiesSchema.optional(),
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
  /** Send later, at this time (ISO 8601, in the future); absent sends at once. */
  sendAt: dateTimeField('sendAt').optional(),
});
export type CreateAnnouncementBody = z.infer<typeof createAnnouncementBodySchema>;

/** PATCH /api/announcements/{id} (admins): any of the fields, at least one. */
export const updateAnnouncementBodySchema = z
  .object({
    title: titleSchema.optional(),
    body: bodySchema.optional(),
    pinned: z.boolean().optional(),
    urgent: z.boolean().optional(),
    /** Only while it has not been sent: a new time, or null to send it now. */
    sendAt: dateTimeField('sendAt').nullable().optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: 'title, body, pinned, urgent or sendAt is required',
    path: ['title'],
  });
export type UpdateAnnouncementBody = z.infer<typeof updateAnnouncementBodySchema>;

export const announcementResponseSchema = z.object({ announcement: announcementSchema });
/** POST /api/announcements/{id}/read and /read-all: how many the reader has left unread. */
export const announcementsUnreadSchema = z.object({ unread: z.number().int().nonnegative() });

/** GET /api/announcements/urgent: the urgent announcements the reader has not acknowledged (the banner). */
export const pendingUrgentSchema = z.object({ data: z.array(announcementSchema) });
export type PendingUrgent = z.infer<typeof pendingUrgentSchema>;

/** One resident on an announcement's receipts (admins): how it reached them and what they did. */
const receiptResidentSchema = z.object({
  user: publicUserSchema,
  pushAt: z.string().nullable(),
  mailAt: z.string().nullable(),
  inAppAt: z.string().nullable(),
  seenAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
});

/** GET /api/announcements/{id}/receipts (admins): counts and every resident's state. */
export const announcementReceiptsSchema = z.object({
  announcementId: z.string(),
  counts: z.object({
    residents: z.number().int().nonnegative(),
    delivered: z.number().int().nonnegative(),
    push: z.number().int().nonnegative(),
    mail: z.number().int().nonnegative(),
    inApp: z.number().int().nonnegative(),
    seen: z.number().int().nonnegative(),
    acknowledged: z.number().int().nonnegative(),
  }),
  /** Everyone it is for, those who have not seen it first (then by name). */
  residents: z.array(receiptResidentSchema),
});
export type AnnouncementReceipts = z.infer<typeof announcementReceiptsSchema>;

/** POST /api/announcements/{id}/remind (admins): how many residents were reminded. */
export const remindResponseSchema = z.object({ reminded: z.number().int().nonnegative() });
/** POST /api/announcements/{id}/acknowledge. */
export const acknowledgeResponseSchema = z.object({
  acknowledged: z.literal(true),
  unread: z.number().int(),
});
export type AcknowledgeResponse = z.infer<typeof acknowledgeResponseSchema>;
