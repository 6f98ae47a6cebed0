import fp from 'fastify-plugin';
import { limitBy } from '../http/rate-limit.ts';

const MINUTE_MS = 60_000;

/**
 * R-LIMIT-1: the API's call limits. A building shares one address, so signed-in calls count per
 * resident (the session's owner) and per session, never per address; only calls without a session
 * count per address. Runs after the auth hooks (guards.ts), which resolve the session. Static files
 * of the web app are not counted here (immutable, cached; a reverse proxy guards them).
 */
export const fairLimits = fp(
  (app, _options, done) => {
    const c = app.config;
    const check = limitBy(app, [
      {
        name: 'api:ip',
        max: c.RATE_LIMIT_ANONYMOUS_PER_MINUTE,
        windowMs: MINUTE_MS,
        key: (request) => (request.session ? undefined : request.ip),
        message: 'Too many requests from this network.',
      },
      {
        name: 'api:user',
        max: c.RATE_LIMIT_USER_PER_MINUTE,
        windowMs: MINUTE_MS,
        key: (request) => request.sessionOwner?.id,
        message: 'Too many requests from your account.',
      },
      {
        name: 'api:session',
        max: c.RATE_LIMIT_SESSION_PER_MINUTE,
        windowMs: MINUTE_MS,
        key: (request) => request.session?.id,
        message: 'Too many requests from this device.',
      },
    ]);
    // A conversation page drawn with its messages (http/first-view.ts) reads like an API call.
    app.decorate('countApiCall', check);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/') || request.routeOptions.config.rateLimit === false) return;
      await check(request);
    });
    done();
  },
  { name: 'stoop-fair-limits', dependencies: ['stoop-auth-hooks'] },
);
