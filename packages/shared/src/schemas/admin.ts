/** Schemas of the admin's account calls added for the approval screen. */
import { z } from 'zod';
import { BULK_APPROVE_MAX } from '../constants.ts';
import { userSchema } from './user.ts';

/** GET /api/admin/users answer: one page and the count of every match. */
export const adminUsersPageSchema = z.object({ users: z.array(userSchema), total: z.number().int() });
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** POST /api/admin/users/approve body. */
export const bulkApproveBodySchema = z.object({
  ids: z
    .array(z.uuid())
    .min(1, 'ids must name at least one account')
    .max(BULK_APPROVE_MAX, `ids may name at most ${BULK_APPROVE_MAX} accounts`),
});
/** The accounts approved, and the ids no account has (any more). */
export const bulkApproveResponseSchema = z.object({
  users: z.array(userSchema),
  notFound: z.array(z.string()),
});
export type BulkApproveResult = z.infer<typeof bulkApproveResponseSchema>;

/** POST /api/admin/users/{id}/reject body: an optional message mailed to the applicant. */
export const rejectBodySchema = z.object({
  message: z.string().trim().max(1000, 'message must be at most 1000 characters').optional(),
});
