import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUsersQuerySchema,
  apiErrorSchema,
  auditLogQuerySchema,
  auditLogResponseSchema,
  lockBodySchema,
  roleBodySchema,
  userResponseSchema,
  usersListResponseSchema,
} from '@stoop/shared';
import { currentUser, requireAdmin } from '../auth/guards.ts';
import { presentSelf } from '../users/present.ts';
import * as admin from './service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const params = z.object({ id: z.uuid() });
const tags = ['admin'];

/** Account administration: approval queue, lock, unlock, role, and the audit log of those changes. */
export const adminRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.addHook('preValidation', requireAdmin);

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        summary: 'Accounts by status (pending_approval, admin_lock, unlocked)',
        querystring: adminUsersQuerySchema,
        response: { 200: usersListResponseSchema, ...errors },
      },
    },
    async (request) => ({ users: (await admin.listAccounts(app, request.query)).map(presentSelf) }),
  );

  app.post(
    '/api/admin/users/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve: unlocks the resident at once',
        params,
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request) => ({
      user: presentSelf(await admin.approve(app, currentUser(request), request.params.id)),
    }),
  );

  app.post(
    '/api/admin/users/:id/lock',
    {
      schema: {
        tags,
        summary: 'Lock (reason defaults to pending_approval)',
        params,
        body: lockBodySchema.nullish(),
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request) => ({
      user: presentSelf(await admin.lock(app, currentUser(request), request.params.id, request.body?.reason)),
    }),
  );

  app.post(
    '/api/admin/users/:id/unlock',
    { schema: { tags, summary: 'Unlock', params, response: { 200: userResponseSchema, ...errors } } },
    async (request) => ({
      user: presentSelf(await admin.unlock(app, currentUser(request), request.params.id)),
    }),
  );

  app.post(
    '/api/admin/users/:id/role',
    {
      schema: {
        tags,
        summary: 'Set role (admin or resident)',
        params,
        body: roleBodySchema,
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request) => ({
      user: presentSelf(await admin.setRole(app, currentUser(request), request.params.id, request.body.role)),
    }),
  );
  app.get(
    '/api/audit-log',
    {
      schema: {
        tags,
        summary: 'Admin actions, newest first (page, limit ≤ 100)',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, total, page } = await admin.auditLogPage(app, request.query);
      return { data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total, page };
    },
  );
  done();
};
