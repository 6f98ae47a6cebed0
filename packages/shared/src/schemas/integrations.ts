import { z } from 'zod';
import { MESSAGE_CONTENT_MAX } from '../constants.ts';

/** The kinds of data source a channel can be fed from. */
const INTEGRATION_TYPES = ['webhook', 'rss', 'ical'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

export const INTEGRATION_NAME_MAX = 80;
export const INTEGRATION_URL_MAX = 2000;
/** R-INTEG-4: a webhook's `username` and `icon_url` as the bot message shows them. */
const WEBHOOK_USERNAME_MAX = 80;
/** R-INTEG-4: webhook posts accepted per integration and minute. */
export const WEBHOOK_POSTS_PER_MINUTE = 30;
/** How many items of a feed's first fetch are posted (older ones are only remembered). */
export const FEED_FIRST_FETCH_POSTS = 3;
/** Most items posted from one fetch; the rest wait for the next one. */
export const FEED_ITEMS_PER_FETCH = 20;
/** A feed answer larger than this is refused. */
export const FEED_MAX_BYTES = 2 * 1024 * 1024;
/** A feed fetch that takes longer is abandoned. */
export const FEED_FETCH_TIMEOUT_MS = 10_000;
/** Redirects followed per fetch. */
export const FEED_MAX_REDIRECTS = 5;

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'url must be an http or https address' })
  .max(INTEGRATION_URL_MAX);

/**
 * A connected source as a reader gets it. Residents see what feeds a channel; the
 * address, the last error and the owner are for admins only (null for everyone else), and the
 * webhook secret never leaves the server except once, as `webhookUrl`, on create and rotate.
 */
export const integrationSchema = z.object({
  id: z.string(),
  type: z.enum(INTEGRATION_TYPES),
  name: z.string(),
  conversationId: z.string(),
  conversationName: z.string(),
  paused: z.boolean(),
  lastActivityAt: z.string().nullable(),
  createdAt: z.string(),
  url: z.string().nullable(),
  lastError: z.string().nullable(),
  lastPolledAt: z.string().nullable(),
});
export type Integration = z.infer<typeof integrationSchema>;

export const integrationsListSchema = z.object({ data: z.array(integrationSchema) });

/** Create and rotate answer the webhook's address once; it cannot be read again. */
export const integrationResponseSchema = z.object({
  integration: integrationSchema,
  webhookUrl: z.string().nullable(),
});
export type IntegrationResponse = z.infer<typeof integrationResponseSchema>;

export const integrationIdParamsSchema = z.object({ id: z.uuid('id is not an integration id') });

const nameSchema = z
  .string()
  .trim()
  .min(1, 'name is required')
  .max(INTEGRATION_NAME_MAX, `name must be at most ${INTEGRATION_NAME_MAX} characters`);

/** POST /api/integrations: feeds need their address, a webhook has none. */
export const createIntegrationBodySchema = z
  .object({
    type: z.enum(INTEGRATION_TYPES, 'type must be webhook, rss or ical'),
    conversationId: z.uuid('conversationId is not a channel id'),
    name: nameSchema,
    url: httpUrl.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.type !== 'webhook' && !body.url)
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'url is required for a feed' });
    if (body.type === 'webhook' && body.url)
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'url is not used by a webhook' });
  });
export type CreateIntegrationBody = z.infer<typeof createIntegrationBodySchema>;

/** PATCH /api/integrations/{id}: rename, move, re-point or pause. */
export const updateIntegrationBodySchema = z
  .object({
    name: nameSchema.optional(),
    conversationId: z.uuid('conversationId is not a channel id').optional(),
    url: httpUrl.optional(),
    paused: z.boolean('paused must be true or false').optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Nothing to change');
export type UpdateIntegrationBody = z.infer<typeof updateIntegrationBodySchema>;

/** The webhook's address: the integration and its secret. */
export const webhookParamsSchema = z.object({
  id: z.string().max(64),
  secret: z.string().max(128),
});

/** R-INTEG-4: a Slack-compatible incoming webhook post; unknown keys (blocks, attachments) are ignored. */
export const webhookBodySchema = z.object({
  text: z
    .string('text is required')
    .trim()
    .min(1, 'text is required')
    .max(MESSAGE_CONTENT_MAX, `text must be at most ${MESSAGE_CONTENT_MAX} characters`),
  username: z.string().trim().min(1).max(WEBHOOK_USERNAME_MAX).optional(),
  icon_url: httpUrl.optional(),
});
export type WebhookBody = z.infer<typeof webhookBodySchema>;

export const webhookResponseSchema = z.object({ ok: z.literal(true), messageId: z.string() });
