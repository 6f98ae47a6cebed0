import { z } from 'zod';
import {
  REQUEST_COMMENT_MAX,
  REQUEST_DESCRIPTION_MAX,
  REQUEST_TITLE_MAX,
  REQUESTS_PAGE_SIZE,
} from '../constants.ts';
import { publicUserSchema } from './user.ts';
import { requestAbilitiesSchema } from './abilities.ts';

/** What a resident asks the office about. */
export const REQUEST_CATEGORIES = ['maintenance', 'package', 'noise', 'other'] as const;
const requestCategorySchema = z.enum(REQUEST_CATEGORIES, {
  error: `Choose one of ${REQUEST_CATEGORIES.join(', ')}`,
});
export type RequestCategory = z.infer<typeof requestCategorySchema>;

/** Where a request stands; only its requester moves it to `cancelled`, only while open. */
export const REQUEST_STATUSES = ['open', 'in_progress', 'done', 'cancelled'] as const;
const requestStatusSchema = z.enum(REQUEST_STATUSES);
export type RequestStatus = z.infer<typeof requestStatusSchema>;
/** The statuses an admin sets. */
export const ADMIN_REQUEST_STATUSES = ['open', 'in_progress', 'done'] as const;

/** One line of a request's history: a status change (with its optional note) or a comment. */
const requestEventSchema = z.object({
  id: z.string(),
  kind: z.enum(['created', 'status', 'comment']),
  /** Who did it (public shape); null once the account is gone. */
  actor: publicUserSchema.nullable(),
  /** Whether the actor acted as the office (an admin) rather than the requester. */
  byOffice: z.boolean(),
  fromStatus: requestStatusSchema.nullable(),
  toStatus: requestStatusSchema.nullable(),
  /** The note of a status change or the text of a comment. */
  text: z.string().nullable(),
  createdAt: z.string(),
});
export type RequestEvent = z.infer<typeof requestEventSchema>;

export const buildingRequestSchema = z.object({
  id: z.string(),
  category: requestCategorySchema,
  title: z.string(),
  description: z.string(),
  status: requestStatusSchema,
  requester: publicUserSchema.nullable(),
  /** GET /api/requests/{id}/photo, or null when the request has no photo. */
  photoUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: requestAbilitiesSchema.optional(),
});
export type BuildingRequest = z.infer<typeof buildingRequestSchema>;

export const requestIdParamsSchema = z.object({ id: z.uuid('id is not a request id') });

const titleSchema = z
  .string('A request needs a title')
  .trim()
  .min(1, 'A request needs a title')
  .max(REQUEST_TITLE_MAX, `A title has at most ${REQUEST_TITLE_MAX} characters`);
const descriptionSchema = z
  .string('Describe what you need')
  .trim()
  .min(1, 'Describe what you need')
  .max(REQUEST_DESCRIPTION_MAX, `A description has at most ${REQUEST_DESCRIPTION_MAX} characters`);
const noteSchema = z
  .string()
  .trim()
  .max(REQUEST_COMMENT_MAX, `A note has at most ${REQUEST_COMMENT_MAX} characters`);

/** POST /api/requests: the text fields (multipart with an optional `photo`, or JSON without one). */
export const createRequestFieldsSchema = z.object({
  category: requestCategorySchema,
  title: titleSchema,
  description: descriptionSchema,
});
export type CreateRequestFields = z.infer<typeof createRequestFieldsSchema>;

/** GET /api/requests: a resident's own, or (admins) every resident's; newest first. */
export const requestsQuerySchema = z.object({
  status: requestStatusSchema.optional(),
  category: requestCategorySchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(REQUESTS_PAGE_SIZE),
});
export type RequestsQuery = z.infer<typeof requestsQuerySchema>;

export const requestsPageSchema = z.object({
  data: z.array(buildingRequestSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type RequestsPage = z.infer<typeof requestsPageSchema>;

/** One request with its history, oldest first. */
export const requestDetailSchema = z.object({
  request: buildingRequestSchema,
  history: z.array(requestEventSchema),
});
export type RequestDetail = z.infer<typeof requestDetailSchema>;

/** PATCH /api/requests/{id} (admins): the new status and an optional note the resident sees. */
export const updateRequestBodySchema = z.object({
  status: z.enum(ADMIN_REQUEST_STATUSES, {
    error: `Choose one of ${ADMIN_REQUEST_STATUSES.join(', ')}`,
  }),
  note: noteSchema.optional(),
});
export type UpdateRequestBody = z.infer<typeof updateRequestBodySchema>;

/** POST /api/requests/{id}/comments: the requester's follow-up or an admin's note. */
export const requestCommentBodySchema = z.object({
  text: noteSchema.min(1, 'Write something first'),
});

/** How screens and notifications name a status and a category. */
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  done: 'Done',
  cancelled: 'Cancelled',
};
export const REQUEST_CATEGORY_LABELS: Record<RequestCategory, string> = {
  maintenance: 'Maintenance',
  package: 'Package',
  noise: 'Noise',
  other: 'Other',
};
