/**
 * Push registration (R-API push calls: POST /api/register-push-token, DELETE
 * /api/unregister-push-token) and what the server sends to a device.
 */
import { z } from 'zod';

const PUSH_PLATFORMS = ['android', 'ios', 'web'] as const;
const pushPlatformSchema = z.enum(PUSH_PLATFORMS);
export type PushPlatform = z.infer<typeof pushPlatformSchema>;

/** FCM tokens are about 160 characters; a web subscription's JSON stays well under 1 KiB. */
const PUSH_TOKEN_MAX = 4096;

/** A browser's PushSubscription as JSON (`subscription.toJSON()`): what a web token carries. */
export const webPushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // P-256 public key, uncompressed point (65 bytes) in base64url.
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, 'must be a base64url P-256 public key'),
    // 16-byte auth secret in base64url.
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}={0,2}$/, 'must be a base64url 16-byte secret'),
  }),
});

const pushTokenSchema = z.string().trim().min(1, 'token is required').max(PUSH_TOKEN_MAX);

export const registerPushTokenQuerySchema = z.object({
  token: pushTokenSchema,
  platform: pushPlatformSchema,
});
export type RegisterPushTokenQuery = z.infer<typeof registerPushTokenQuerySchema>;

/**
 * One token (with its platform), a platform alone for that platform's tokens registered by the
 * calling session (this device), or `all=true` for every token of the caller.
 */
export const unregisterPushTokenQuerySchema = z.object({
  token: pushTokenSchema.optional(),
  platform: pushPlatformSchema.optional(),
  all: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type UnregisterPushTokenQuery = z.infer<typeof unregisterPushTokenQuerySchema>;

export const registerPushTokenResponseSchema = z.object({
  platform: pushPlatformSchema,
  /** false when the same token was already registered for this user (200). */
  created: z.boolean(),
});

export const unregisterPushTokenResponseSchema = z.object({ removed: z.number().int().min(0) });

export const vapidPublicKeySchema = z.object({
  /** The application server key for `pushManager.subscribe`, base64url. */
  publicKey: z.string(),
});

/** One of the caller's registered devices; never the token itself. */
const pushDeviceSchema = z.object({
  id: z.string(),
  platform: pushPlatformSchema,
  createdAt: z.string(),
  /** When a push last reached it (null: never yet). */
  lastUsedAt: z.string().nullable(),
  /** Registered from the session making this call: the device in the resident's hand. */
  thisDevice: z.boolean(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushDevicesResponseSchema = z.object({ devices: z.array(pushDeviceSchema) });
export type PushDevicesResponse = z.infer<typeof pushDevicesResponseSchema>;

export const pushDeviceParamsSchema = z.object({ id: z.uuid('id is not a device id') });

/** What the push service worker / native app receives; `url` repeats `link` for the service worker. */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  link: z.string(),
  url: z.string(),
  tag: z.string().optional(),
  conversationId: z.string().optional(),
  /** How many notifications this one stands for (a collapsed burst). */
  count: z.number().int().min(1),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
