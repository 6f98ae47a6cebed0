import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { API_ROUTES } from '@stoop/shared';
import { csrfSecretOf } from '../../auth/http/csrf.ts';
import { sha256 } from '../../auth/crypto.ts';
import { limitBy } from '../../http/rate-limit.ts';

const MINUTE_MS = 60_000;

/**
 * R-LIMIT-12: what an anonymous call is counted against. The CSRF token fetch and the sign-in have
 * budgets of their own, so a device looping one of them never keeps the building's other devices off
 * the login page: the token fetch counts per client (its CSRF cookie) and only a client without one
 * per address; the sign-in counts only failures (auth/http/login-backoff.ts); everything else (the public
 * pages' calls) shares the address's budget.
 */
type AnonymousBudget = 'csrf' | 'login' | 'public';
const budgetOf = (request: FastifyRequest): AnonymousBudget => {
  const route = request.routeOptions.url;
  if (route === API_ROUTES.getCsrfToken.path) return 'csrf';
  if (route === API_ROUTES.login.path) return 'login';
  return 'public';
};

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
        key: (request) => (request.session || budgetOf(request) !== 'public' ? undefined : request.ip),
        message: 'Too many requests from this network.',
      },
      {
        name: 'csrf:client',
        max: c.RATE_LIMIT_CSRF_PER_CLIENT_PER_MINUTE,
        windowMs: MINUTE_MS,
        key: (request) => {
          const secret = budgetOf(request) === 'csrf' ? csrfSecretOf(request) : undefined;
          return secret ? sha256(secret) : undefined;
        },
        message: 'Too many token requests from this device.',
      },
      {
        name: 'csrf:ip',
        max: c.RATE_LIMIT_ANONYMOUS_PER_MINUTE,
        windowMs: MINUTE_MS,
        key: (request) =>
          budgetOf(request) === 'csrf' && !csrfSecretOf(request) && !request.session ? request.ip : undefined,
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
    // A conversation page drawn with its messages (messages/http/first-view.ts) reads like an API call.
    app.decorate('countApiCall', check);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/') || request.routeOptions.config.rateLimit === false) return;
      await check(request);
    });
    done();
  },
  { name: 'stoop-fair-limits', dependencies: ['stoop-auth-hooks'] },
);
