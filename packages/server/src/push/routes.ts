import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  registerPushTokenQuerySchema,
  registerPushTokenResponseSchema,
  unregisterPushTokenQuerySchema,
  unregisterPushTokenResponseSchema,
  vapidPublicKeySchema,
} from '@stoop/shared';
import { currentUser, requireUser } from '../auth/guards.ts';
import { pushContext } from './context.ts';
import * as service from './service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const tags = ['push'];

export const pushRoutes =
  (vapidPublicKey: string): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    app.post(
      '/api/register-push-token',
      {
        preValidation: requireUser,
        schema: {
          tags,
          summary: 'Register this device for push (web: the PushSubscription JSON, URL-encoded)',
          description: '201 when new for this user, 200 when it was already registered.',
          querystring: registerPushTokenQuerySchema,
          response: { 200: registerPushTokenResponseSchema, 201: registerPushTokenResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const result = await service.registerToken(
          pushContext(app),
          currentUser(request),
          request.session?.id ?? null,
          request.query,
        );
        return reply.status(result.created ? 201 : 200).send(result);
      },
    );

    app.delete(
      '/api/unregister-push-token',
      {
        preValidation: requireUser,
        schema: {
          tags,
          summary: "Remove one of the caller's push tokens, or all of them with all=true",
          querystring: unregisterPushTokenQuerySchema,
          response: { 200: unregisterPushTokenResponseSchema, ...errors },
        },
      },
      async (request) => service.unregisterTokens(pushContext(app), currentUser(request), request.query),
    );

    app.get(
      '/api/push/vapid-public-key',
      {
        schema: {
          tags,
          summary: 'The application server key for pushManager.subscribe',
          response: { 200: vapidPublicKeySchema },
        },
      },
      () => Promise.resolve({ publicKey: vapidPublicKey }),
    );
    done();
  };
