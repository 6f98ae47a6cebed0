import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/http/guards.ts';
import { serve } from '../http/serve.ts';
import { dismiss, flaggedQueue, hide } from './service.ts';

/** Flagged content for admins (R-ADMIN-3..9); the route table makes them admin-only. */
export const moderationRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  serve(app, 'listFlagged', async (request) => flaggedQueue(app, currentUser(request), request.query));

  serve(app, 'dismissFlagged', async (request) => ({
    message: await dismiss(app, currentUser(request), request.params.id),
  }));

  serve(app, 'hideMessage', async (request) => ({
    message: await hide(app, currentUser(request), request.params.id, true),
  }));

  serve(app, 'unhideMessage', async (request) => ({
    message: await hide(app, currentUser(request), request.params.id, false),
  }));

  done();
};
