import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, syncQuerySchema, syncResultSchema } from '@stoop/shared';
import { currentUser, requireUser } from '../auth/guards.ts';
import { syncChanges } from './service.ts';

export const syncRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/sync',
    {
      preValidation: requireUser,
      schema: {
        tags: ['messages'],
        summary: 'Every message change after seq the caller may see (tombstones included), paged',
        querystring: syncQuerySchema,
        response: { 200: syncResultSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => syncChanges(app, currentUser(request), request.query),
  );
  done();
};
