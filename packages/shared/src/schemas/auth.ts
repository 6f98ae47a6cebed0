import { z } from 'zod';
import { dateTimeField } from './date-time.ts';
import { userSchema } from './user.ts';
export {
  contactBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  resetPasswordBodySchema,
  signupBodySchema,
} from './public-forms.ts';

export const csrfTokenResponseSchema = z.object({ csrfToken: z.string() });
export const userResponseSchema = z.object({ user: userSchema });
/** The admin whose session views Stoop as `user` (set-user); absent otherwise. */
const viewerSchema = z.object({ id: z.string(), username: z.string() });
export type Viewer = z.infer<typeof viewerSchema>;
/** GET /api/protected/user: the signed-in user, and the admin viewing as them while set-user is on. */
export const sessionUserResponseSchema = userResponseSchema.extend({ viewer: viewerSchema.optional() });
export const setUserBodySchema = z.object({ userId: z.string().min(1) });
export const lockBodySchema = z.object({ reason: z.enum(['pending_approval', 'admin_lock']).optional() });
export const roleBodySchema = z.object({ role: z.enum(['admin', 'resident']) });

/** Error body of every failed call (R-ERR-11). */
export const apiErrorSchema = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** POST /api/contact response. */
export const contactResponseSchema = z.object({ id: z.string() });
/** GET /api/admin/users query (R-ADMIN-1). */
export const adminUsersQuerySchema = z.object({
  status: z.enum(['pending_approval', 'admin_lock', 'unlocked']).optional(),
  role: z.enum(['admin', 'resident']).optional(),
  q: z.string().trim().max(100).optional(),
  /** `name`: by username; `signup`: longest waiting (oldest sign-up) first. */
  sort: z.enum(['name', 'signup']).default('name'),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: z.coerce.number().int().min(0).default(0),
});
/** POST /api/set-user response: who the session now acts as, and the admin behind it. */
export const setUserResponseSchema = z.object({ user: userSchema, actingAs: z.boolean() });

const auditNameFilter = z.string().trim().min(1).max(100).optional();
/** GET /api/audit-log query (admin): newest entries first, paged, filtered. */
export const auditLogQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    /** One action name, e.g. `approve` or `announcement.create`. */
    action: z
      .string()
      .trim()
      .max(60)
      .regex(/^[a-z_.:-]+$/, 'action may contain lower-case letters, dots, dashes, colons and underscores')
      .optional(),
    actorId: z.uuid().optional(),
    targetUserId: z.uuid().optional(),
    /** Part of the actor's or the target's username, case-insensitive. */
    actor: auditNameFilter,
    target: auditNameFilter,
    /** Entries at or after `from` and before `to` (ISO date-times with an offset). */
    from: dateTimeField('from').optional(),
    to: dateTimeField('to').optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || Date.parse(q.from) <= Date.parse(q.to), {
    message: 'to must not be before from',
    path: ['to'],
  });
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;
/** One admin action; names are null once the account behind them is gone. */
const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  targetUserId: z.string().nullable(),
  targetName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export const auditLogResponseSchema = z.object({
  data: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
