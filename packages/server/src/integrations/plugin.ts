// How this folder works (integrations): docs/integrations.md.
import { domainPlugin } from '../domain.ts';
import { FeedPoller } from './poller.ts';
import { integrationRoutes } from './routes.ts';
import { mapIntegrationEvents } from './sockets.ts';

/** Integrations: the calls, their live list, and the feed poller of this process. */
export const integrationsPlugin = domainPlugin('integrations', (app) => ({
  routes: [integrationRoutes],
  sockets: [mapIntegrationEvents],
  periodic: [{ name: 'feedPoller', work: new FeedPoller(app, app.log.child({ module: 'feeds' })) }],
}));

declare module 'fastify' {
  interface FastifyInstance {
    /** The feed poller of this process (integrations/poller.ts). */
    feedPoller: FeedPoller;
  }
}
