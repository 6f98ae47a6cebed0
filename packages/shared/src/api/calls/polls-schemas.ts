/** The schemas of the calls of building life: polls (R-POLL), keyed like ./polls-routes.ts. */
import {
  createPollBodySchema,
  pollIdParamsSchema,
  pollResponseSchema,
  votePollBodySchema,
} from '../../schemas/polls.ts';
import { type RouteSchemas, error, idParams, guarded } from './contract-parts.ts';

export const pollsSchemas = {
  createPoll: {
    params: idParams,
    body: createPollBodySchema,
    response: { 201: pollResponseSchema, ...guarded },
  },
  getPoll: { params: pollIdParamsSchema, response: { 200: pollResponseSchema, ...guarded } },
  votePoll: {
    params: pollIdParamsSchema,
    body: votePollBodySchema,
    response: { 200: pollResponseSchema, 409: error, ...guarded },
  },
  closePoll: { params: pollIdParamsSchema, response: { 200: pollResponseSchema, 409: error, ...guarded } },
} as const satisfies Record<string, RouteSchemas>;
