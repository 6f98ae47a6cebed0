import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/http/guards.ts';
import { serve } from '../http/serve.ts';
import { presentSelf } from '../users/present.ts';
import { auditLogPage } from '../audit/service.ts';
import * as admin from './service.ts';

/** Account administration: approval queue, lock, unlock, role, and the audit log of those changes. */
export const adminRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  serve(app, 'adminListUsers', async (request) => {
    const { rows, total } = await admin.listAccounts(app, request.query);
    return { users: rows.map(presentSelf), total };
  });

  serve(app, 'approveUser', async (request) => ({
    user: presentSelf(await admin.approve(app, currentUser(request), request.params.id)),
  }));

  serve(app, 'lockUser', async (request) => ({
    user: presentSelf(await admin.lock(app, currentUser(request), request.params.id, request.body?.reason)),
  }));

  serve(app, 'unlockUser', async (request) => ({
    user: presentSelf(await admin.unlock(app, currentUser(request), request.params.id)),
  }));

  serve(app, 'setUserRole', async (request) => ({
    user: presentSelf(await admin.setRole(app, currentUser(request), request.params.id, request.body.role)),
  }));

  serve(app, 'getAuditLog', async (request) => {
    const { rows, total, page } = await auditLogPage(app, request.query);
    return { data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total, page };
  });

  // ---- user approval ----
  serve(app, 'bulkApproveUsers', async (request) => {
    const { users, notFound } = await admin.approveMany(app, currentUser(request), request.body.ids);
    return { users: users.map(presentSelf), notFound };
  });

  serve(app, 'rejectUser', async (request, reply) => {
    await admin.reject(app, currentUser(request), request.params.id, request.body?.message);
    return reply.status(204).send(null);
  });
  done();
};
