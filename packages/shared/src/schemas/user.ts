import { z } from 'zod';
import { emailSchema, passwordSchema, usernameSchema } from './credentials.ts';
import { PROFILE_OPTIONS, isProfileOption, type EnumeratedProfileField } from './profile-options.ts';

/** R-USER-1: role is admin or other; the server stores 'resident' for other. */
const roleSchema = z.enum(['admin', 'resident']);
export type Role = z.infer<typeof roleSchema>;

/** R-USER-2: reasons for lock. Locked without a reason defaults to pending approval. */
const lockReasonSchema = z.enum(['pending_approval', 'admin_lock']);
export type LockReason = z.infer<typeof lockReasonSchema>;

/** R-USER-10: pending approval, admin lock, unlocked. */
export type UserStatus = 'pending_approval' | 'admin_lock' | 'unlocked';

const shortText = z.string().trim().max(200);

/** R-USER-1 user metadata, with the spec's defaults. Null-default fields take short free text. */
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

export { emailSchema, passwordSchema, usernameSchema } from './credentials.ts';

/** R-USER-1 User as the API presents it to its owner or an admin. */
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
  /** Whether the resident shares read receipts (and so sees the others'). */
  shareReadReceipts: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** Public fields of another resident (no email, lock state or settings). */
export const publicUserSchema = userSchema.omit({
  email: true,
  isLocked: true,
  reasonForLock: true,
  shareReadReceipts: true,
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/**
 * A user as any call returns it: owners and admins get every field of userSchema, everyone else
 * the public shape (email and lock state absent).
 */
const presentedUserSchema = publicUserSchema.extend({
  email: z.string().optional(),
  isLocked: z.boolean().optional(),
  reasonForLock: lockReasonSchema.nullable().optional(),
  shareReadReceipts: z.boolean().optional(),
});
export type PresentedUser = z.infer<typeof presentedUserSchema>;

/**
 * A filter on an enumerated metadata field: one allowed value or a comma list of
 * them (any of them matches); anything else is a 400 naming the field.
 */
const optionFilter = (field: EnumeratedProfileField) =>
  z
    .string()
    .max(500)
    .transform((raw) => [
      ...new Set(
        raw
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      ),
    ])
    .refine((values) => values.every((value) => isProfileOption(field, value)), {
      message: `must be one of ${PROFILE_OPTIONS[field].map((o) => o.value).join(', ')}`,
    })
    .optional();

/** GET /api/users query: text search, metadata filters and paging. */
export const usersQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  /** Comma list; a resident matches when one of their interests equals one of these (any case). */
  interests: z
    .string()
    .max(500)
    .transform((raw) => [
      ...new Set(
        raw
          .split(',')
          .map((v) => v.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .refine((values) => values.length <= 20 && values.every((v) => v.length <= 50), {
      message: 'at most 20 interests of at most 50 characters each',
    })
    .optional(),
  /** Matched as text inside lookingFor, any case. */
  lookingFor: z.string().trim().max(100).optional(),
  newToArea: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  gender: optionFilter('gender'),
  sexuality: optionFilter('sexuality'),
  relationshipStatus: optionFilter('relationshipStatus'),
  hasKids: optionFilter('hasKids'),
  smoking: optionFilter('smoking'),
  drinking: optionFilter('drinking'),
  pets: optionFilter('pets'),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: z.coerce.number().int().min(0).default(0),
});
export type UsersQuery = z.output<typeof usersQuerySchema>;
/** GET /api/users and GET /api/admin/users response. */
export const usersListResponseSchema = z.object({ users: z.array(presentedUserSchema) });
export const presentedUserResponseSchema = z.object({ user: presentedUserSchema });

/** Text fields of PUT /api/profile (multipart or JSON); `metadata` is a JSON string in multipart. */
export const profileFieldsSchema = z.object({
  username: usernameSchema.optional(),
  email: emailSchema.optional(),
  description: z.string().trim().max(1000, 'Description must be at most 1000 characters').optional(),
  /** '' removes the avatar; otherwise one of our own /api/avatars/{file} paths. */
  avatarPath: z.string().max(300).optional(),
  /** Any subset of the metadata fields; merged into the stored metadata, then validated whole. */
  metadata: z.record(z.string(), z.unknown()).optional(),
  /** Needed to change the email or the password. */
  currentPassword: z.string().max(200).optional(),
  /** A new password (the sign-up rules), with currentPassword. */
  newPassword: passwordSchema.optional(),
  /** R-RECEIPT-7: share read receipts (and see the others'). A multipart form sends "true" or "false". */
  shareReadReceipts: z.boolean('shareReadReceipts must be true or false').optional(),
});

/** Avatars are resized to this square (webp). */
export const AVATAR_SIZE_PX = 256;
/** Upload limit for an avatar picture before resizing. */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
