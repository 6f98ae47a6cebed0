import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/http/guards.ts';
import { serve } from '../http/serve.ts';
import { pushContext } from './http/context.ts';
import * as service from './service.ts';

/** Push tokens per device and the VAPID key (access rules in the shared route table). */
export const pushRoutes =
  (vapidPublicKey: string): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    serve(app, 'registerPushToken', async (request, reply) => {
      const result = await service.registerToken(
        pushContext(app),
        currentUser(request),
        request.session?.id ?? null,
        request.query,
      );
      return reply.status(result.created ? 201 : 200).send(result);
    });
    serve(app, 'unregisterPushToken', async (request) =>
      service.unregisterTokens(
        pushContext(app),
        currentUser(request),
        request.query,
        request.session?.id ?? null,
      ),
    );
    serve(app, 'listPushDevices', async (request) =>
      service.listDevices(pushContext(app), currentUser(request), request.session?.id ?? null),
    );
    serve(app, 'removePushDevice', async (request) =>
      service.removeDevice(pushContext(app), currentUser(request), request.params.id),
    );
    serve(app, 'getVapidPublicKey', () => Promise.resolve({ publicKey: vapidPublicKey }));
    done();
  };
