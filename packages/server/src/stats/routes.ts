import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/http/guards.ts';
import { serve } from '../http/serve.ts';
import { communityStats } from './service.ts';

/** GET /api/stats for every signed-in user (R-STATS-1); the service decides what an admin sees more. */
export const statsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  serve(app, 'getStats', async (request) => communityStats(app, currentUser(request), request.query));
  done();
};
