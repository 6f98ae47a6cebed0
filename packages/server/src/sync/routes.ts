import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/http/guards.ts';
import { serve } from '../http/serve.ts';
import { syncChanges } from './service.ts';

export const syncRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  serve(app, 'sync', async (request) => syncChanges(app, currentUser(request), request.query));
  done();
};
