import { rawBodyOf } from '../http/raw-body.ts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { WEBHOOK_POSTS_PER_MINUTE } from '@stoop/shared';
import { currentUser } from '../auth/http/guards.ts';
import { limitBy } from '../http/rate-limit.ts';
import { serve } from '../http/serve.ts';
import * as service from './service.ts';

const MINUTE_MS = 60_000;

const headerOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Data sources feeding channels (R-INTEG): residents list, admins manage, webhooks post. */
export const integrationRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  // The address a webhook is reached at: PUBLIC_URL when set, else the address this call came to.
  const origin = (request: FastifyRequest) =>
    app.config.PUBLIC_URL?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
  // Counted per webhook (its id), so one noisy source cannot flood a channel.
  const webhookLimit = limitBy(app, [
    {
      name: 'webhook',
      max: WEBHOOK_POSTS_PER_MINUTE,
      windowMs: MINUTE_MS,
      key: (request) => (request.params as { id?: string } | undefined)?.id,
      message: 'Too many posts to this webhook.',
    },
  ]);

  serve(app, 'listIntegrations', async (request) => ({
    data: await service.listIntegrations(app, currentUser(request)),
  }));
  serve(app, 'createIntegration', async (request, reply) => {
    const created = await service.createIntegration(app, currentUser(request), request.body, origin(request));
    app.feedPoller.wake();
    return reply.status(201).send(created);
  });
  serve(app, 'updateIntegration', async (request) => {
    const updated = await service.updateIntegration(
      app,
      currentUser(request),
      request.params.id,
      request.body,
    );
    app.feedPoller.wake();
    return updated;
  });
  serve(app, 'rotateIntegrationSecret', async (request) =>
    service.rotateSecret(app, currentUser(request), request.params.id, origin(request)),
  );
  serve(app, 'deleteIntegration', async (request, reply) => {
    await service.deleteIntegration(app, currentUser(request), request.params.id);
    return reply.status(204).send(null);
  });
  serve(
    app,
    'postWebhook',
    async (request) =>
      service.receiveWebhook(app, request.params.id, request.params.secret, request.body, {
        timestamp: headerOf(request.headers['x-stoop-request-timestamp']),
        signature: headerOf(request.headers['x-stoop-signature']),
        body: rawBodyOf(request),
      }),
    { preValidation: webhookLimit },
  );
  done();
};
