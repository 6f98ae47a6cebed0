import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/http/guards.ts';
import { serve } from '../http/serve.ts';
import * as invites from './service.ts';

/** Lobby invitations: admins manage them, anyone may look a code up. */
export const inviteRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  serve(app, 'listInvites', () => invites.listInvites(app));

  serve(app, 'createInvite', async (request, reply) =>
    reply.status(201).send(await invites.createInvite(app, currentUser(request), request.body)),
  );

  serve(app, 'revokeInvite', (request) => invites.revokeInvite(app, currentUser(request), request.params.id));

  serve(app, 'setBuildingName', (request) =>
    invites.setBuildingName(app, currentUser(request), request.body.name),
  );

  serve(app, 'lookupInvite', (request) => invites.lookupInvite(app, request.params.code));
  done();
};
