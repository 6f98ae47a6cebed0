import { domainPlugin } from '../domain.ts';
import { authPurge } from './http/maintenance.ts';
import { authRoutes } from './routes.ts';

/**
 * Sign-in, sessions and passwords; hourly purge of expired sessions and reset links. A session's
 * end takes its sockets through realtime/session-ends.ts (it also listens to the database).
 */
export const authPlugin = domainPlugin('auth', (app) => ({
  routes: [authRoutes],
  periodic: [{ work: authPurge(app) }],
}));
