/** The schemas of the calls of user approval (admin account screens), keyed like ./approval-routes.ts. */
import { z } from 'zod';
import { bulkApproveBodySchema, bulkApproveResponseSchema, rejectBodySchema } from '../../schemas/admin.ts';
import { type RouteSchemas, error, noContent, guarded } from './contract-parts.ts';

export const approvalSchemas = {
  bulkApproveUsers: { body: bulkApproveBodySchema, response: { 200: bulkApproveResponseSchema, ...guarded } },
  rejectUser: {
    params: z.object({ id: z.uuid() }),
    body: rejectBodySchema.nullish(),
    response: { 204: noContent, 409: error, ...guarded },
  },
} as const satisfies Record<string, RouteSchemas>;
