import fp from 'fastify-plugin';
import { mapRequestEvents } from '../realtime/requests.ts';
import { requestRoutes } from './routes.ts';

/** Building requests; registered after the realtime server (it emits through app.io). */
export const requestsPlugin = fp(
  async (app) => {
    await app.register(requestRoutes);
    const unmap = mapRequestEvents(app);
    app.addHook('onClose', (_instance, done) => {
      unmap();
      done();
    });
  },
  { name: 'stoop-requests' },
);
