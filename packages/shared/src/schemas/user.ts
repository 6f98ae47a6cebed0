import { z } from 'zod';

/** SPEC 3: role is admin or other; the server stores 'resident' for other. */
export const roleSchema = z.enum(['admin', 'resident']);
export type Role = z.infer<typeof roleSchema>;

/** SPEC 3: reasons for lock. Locked without a reason defaults to pending approval. */
export const lockReasonSchema = z.enum(['pending_approval', 'admin_lock']);
export type LockReason = z.infer<typeof lockReasonSchema>;

/** SPEC 3 status enumeration: pending approval, admin lock, unlocked. */
export const userStatusSchema = z.enum(['pending_approval', 'admin_lock', 'unlocked']);
export type UserStatus = z.infer<typeof userStatusSchema>;

const shortText = z.string().trim().max(200);

/** SPEC 3 user metadata, with the spec's defaults. Null-default fields take short free text. */
export const userMetadataSchema = z.object({
  interests: z.array(z.string().trim().min(1).max(50)).max(30).default([]),
  prompts: z
    .array(z.object({ question: z.string().trim().max(200), answer: z.string().trim().max(500) }))
    .max(10)
    .default([]),
  pronouns: shortText.default(''),
  lifeSituation: shortText.default(''),
  work: shortText.default(''),
  education: shortText.default(''),
  gender: shortText.nullable().default(null),
  lookingFor: shortText.default(''),
  sexuality: shortText.nullable().default(null),
  relationshipStatus: shortText.nullable().default(null),
  hasKids: shortText.nullable().default(null),
  religion: shortText.default(''),
  smoking: shortText.nullable().default(null),
  drinking: shortText.nullable().default(null),
  newToArea: z.boolean().nullable().default(null),
  starSign: shortText.default(''),
  pets: shortText.nullable().default(null),
});
export type UserMetadata = z.infer<typeof userMetadataSchema>;
export const defaultUserMetadata = (): UserMetadata => userMetadataSchema.parse({});

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email({ message: 'Enter a valid email address' })).pipe(z.string().max(254));
export const passwordSchema = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters');
export const usernameSchema = z
  .string()
  .trim()
  .min(2, 'Username must be at least 2 characters')
  .max(40, 'Username must be at most 40 characters')
  .regex(/^[\p{L}\p{N}_.\- ]+$/u, 'Username may contain letters, numbers, spaces, dots, dashes and underscores');

/** SPEC 3 User as the API presents it to its owner or an admin. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  description: z.string(),
  avatar: z.string().nullable(),
  metadata: userMetadataSchema,
  role: roleSchema,
  isLocked: z.boolean(),
  reasonForLock: lockReasonSchema.nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** Public fields of another resident (no email). */
export const publicUserSchema = userSchema.omit({ email: true, isLocked: true, reasonForLock: true });
export type PublicUser = z.infer<typeof publicUserSchema>;
