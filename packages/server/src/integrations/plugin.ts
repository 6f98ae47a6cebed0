import fp from 'fastify-plugin';
import { mapIntegrationEvents } from '../realtime/integrations.ts';
import { FeedPoller } from './poller.ts';
import { integrationRoutes } from './routes.ts';

/** Integrations: the calls, their live list (R-INTEG-8), and the feed poller of this process (R-INTEG-6). */
export const integrationsPlugin = fp(
  async (app) => {
    const poller = new FeedPoller(app, app.log.child({ module: 'feeds' }));
    app.decorate('feedPoller', poller);
    await app.register(integrationRoutes);
    const unmap = mapIntegrationEvents(app);
    app.addHook('onClose', (_instance, done) => {
      unmap();
      done();
    });
    app.addHook('onReady', (done) => {
      poller.start();
      done();
    });
    // preClose: before the database closes (onClose), so a fetch in flight can record its outcome.
    app.addHook('preClose', (done) => {
      void poller.stop().then(() => done());
    });
  },
  { name: 'stoop-integrations' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The feed poller of this process (integrations/poller.ts). */
    feedPoller: FeedPoller;
  }
}
