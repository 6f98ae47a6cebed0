/** The schemas of the calls of admin, keyed like ./admin-routes.ts. */
import { z } from 'zod';
import {
  adminUsersQuerySchema,
  auditLogQuerySchema,
  auditLogResponseSchema,
  lockBodySchema,
  roleBodySchema,
  userResponseSchema,
} from '../../schemas/auth.ts';
import { adminUsersPageSchema } from '../../schemas/admin.ts';
import { type RouteSchemas, error, guarded } from './contract-parts.ts';

export const adminSchemas = {
  adminListUsers: { query: adminUsersQuerySchema, response: { 200: adminUsersPageSchema, ...guarded } },
  approveUser: { params: z.object({ id: z.uuid() }), response: { 200: userResponseSchema, ...guarded } },
  lockUser: {
    params: z.object({ id: z.uuid() }),
    body: lockBodySchema.nullish(),
    response: { 200: userResponseSchema, 409: error, ...guarded },
  },
  unlockUser: { params: z.object({ id: z.uuid() }), response: { 200: userResponseSchema, ...guarded } },
  setUserRole: {
    params: z.object({ id: z.uuid() }),
    body: roleBodySchema,
    response: { 200: userResponseSchema, 409: error, ...guarded },
  },
  getAuditLog: { query: auditLogQuerySchema, response: { 200: auditLogResponseSchema, ...guarded } },
} as const satisfies Record<string, RouteSchemas>;
