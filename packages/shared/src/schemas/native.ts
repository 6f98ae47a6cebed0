/**
 * The native apps' sign-in (R-NATIVE): a bearer token instead of cookies, the media ticket that
 * lets an `<img src>` load an attachment or avatar without a header, and the list of the apps
 * signed in to an account.
 */
import { z } from 'zod';
import { userSchema } from './user.ts';

/** `web`: cookie session with CSRF; `native`: bearer token of the android or ios app. */
export type SessionClient = 'web' | 'native';

const NATIVE_PLATFORMS = ['android', 'ios'] as const;
export const nativePlatformSchema = z.enum(NATIVE_PLATFORMS);
export type NativePlatform = z.infer<typeof nativePlatformSchema>;

/**
 * Login and sign-up answer: the user, and for a native client (`X-Stoop-Client: native`) the bearer
 * token it sends as `Authorization: Bearer <token>` from then on. A web client gets a cookie instead,
 * and a new CSRF cookie whose token it sends from then on.
 */
export const signInResponseSchema = z.object({
  user: userSchema,
  token: z
    .string()
    .optional()
    .describe('Only with X-Stoop-Client: native: the opaque bearer token (no cookie is set)'),
  csrfToken: z
    .string()
    .optional()
    .describe(
      'Only for the web: the token of the CSRF cookie renewed at sign-in; the token fetched before no longer works',
    ),
});

/** Logout answer: a fresh CSRF token for the web; none for a native client, which uses no cookies. */
export const logoutResponseSchema = z.object({ csrfToken: z.string().optional() });

/** GET /api/media-ticket: appended as `?mt=` to attachment and avatar URLs by the native app. */
export const mediaTicketResponseSchema = z.object({
  ticket: z.string(),
  /** ISO time after which the ticket is refused; the app fetches a new one before. */
  expiresAt: z.string(),
});

/** The query a media route accepts besides its own: the ticket. */
export const mediaTicketQuerySchema = z.object({ mt: z.string().max(200).optional() });

/** One native app signed in to the account; never the token. */
const nativeSessionSchema = z.object({
  id: z.string(),
  platform: nativePlatformSchema.nullable(),
  createdAt: z.string(),
  /** The last call it made (to the hour); null: none since it signed in. */
  lastUsedAt: z.string().nullable(),
  /** The session making this call. */
  thisDevice: z.boolean(),
});

export const nativeSessionsResponseSchema = z.object({ sessions: z.array(nativeSessionSchema) });
export type NativeSessionsResponse = z.infer<typeof nativeSessionsResponseSchema>;

export const nativeSessionParamsSchema = z.object({ id: z.uuid('id is not a session id') });
export const revokeNativeSessionResponseSchema = z.object({ removed: z.number().int().min(0) });
