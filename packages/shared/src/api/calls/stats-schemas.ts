/** The schemas of the calls of statistics and billing (R-STATS, R-BILL), keyed like ./stats-routes.ts. */
import {
  billingResponseSchema,
  setPlanBodySchema,
  statsQuerySchema,
  statsResponseSchema,
} from '../../schemas/stats.ts';
import { type RouteSchemas, guarded } from './contract-parts.ts';

export const statsSchemas = {
  getStats: { query: statsQuerySchema, response: { 200: statsResponseSchema, ...guarded } },
  getBilling: { response: { 200: billingResponseSchema, ...guarded } },
  setBillingPlan: { body: setPlanBodySchema, response: { 200: billingResponseSchema, ...guarded } },
} as const satisfies Record<string, RouteSchemas>;
