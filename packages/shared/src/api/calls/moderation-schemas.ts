/** The schemas of the calls of moderation (flagged content), keyed like ./moderation-routes.ts. */
import { flaggedPageSchema, flaggedQuerySchema, messageIdParamsSchema } from '../../schemas/moderation.ts';
import { type RouteSchemas, guarded, oneMessage } from './contract-parts.ts';

export const moderationSchemas = {
  listFlagged: { query: flaggedQuerySchema, response: { 200: flaggedPageSchema, ...guarded } },
  dismissFlagged: { params: messageIdParamsSchema, response: oneMessage },
  hideMessage: { params: messageIdParamsSchema, response: oneMessage },
  unhideMessage: { params: messageIdParamsSchema, response: oneMessage },
} as const satisfies Record<string, RouteSchemas>;
