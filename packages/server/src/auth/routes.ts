import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { Unauthenticated } from '../errors.ts';
import { bodyEmail, limitBy } from '../http/rate-limit.ts';
import { serve } from '../http/serve.ts';
import { presentSelf } from '../users/present.ts';
import { issueCsrfToken } from './http/csrf.ts';
import { accountLocked, currentSession, currentUser, viewerOf, viewingAs } from './http/guards.ts';
import { issueMediaTicket } from './media-ticket.ts';
import { isNativeRequest } from './http/native-client.ts';
import { listNativeSessions, revokeNativeSession } from './native-sessions.ts';
import * as auth from './service.ts';
import { endSession, startSession, startStandInSession } from './http/session.ts';
import { isInvalidCredentials, loginBackoff } from './http/login-backoff.ts';

const HOUR_MS = 3600_000;

/** The signed-in account itself (not the user an admin acts as): its own apps are what it lists. */
const currentSessionOwner = (request: FastifyRequest) => currentSession(request).owner;

type Check = (request: FastifyRequest) => Promise<void>;
/** Two preValidation checks in order (serve takes one). */
const both =
  (first: Check, second: Check): Check =>
  async (request) => {
    await first(request);
    await second(request);
  };

/**
 * Sessions, CSRF, sign-up, login, password reset, contact and set-user (R-API-4, R-API-27,
 * R-LOCK-1, R-API-28), with their limits (R-LIMIT-2, R-LIMIT-4).
 */
export const authRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const c = app.config;
  const window = c.RATE_LIMIT_WINDOW_MS;
  const ip = (request: { ip: string }) => request.ip;
  const backoff = loginBackoff(app);
  const signupLimit = limitBy(app, [
    {
      name: 'signup:ip',
      max: c.RATE_LIMIT_SIGNUP_PER_IP,
      windowMs: HOUR_MS,
      key: ip,
      message: 'Too many sign-ups from this network.',
    },
    {
      name: 'signup:account',
      max: c.RATE_LIMIT_SIGNUP_PER_ACCOUNT,
      windowMs: window,
      key: bodyEmail,
      message: 'Too many sign-up attempts for this email.',
    },
  ]);
  const formLimit = limitBy(app, [
    {
      name: 'form:ip',
      max: c.RATE_LIMIT_PUBLIC_FORM_PER_IP,
      windowMs: window,
      key: ip,
      message: 'Too many requests from this network.',
    },
  ]);
  // R-LIMIT-4: a reset-mail flood is capped per address (formLimit) and per account.
  const resetMailLimit = limitBy(app, [
    {
      name: 'reset-mail:account',
      max: c.RATE_LIMIT_RESET_MAIL_PER_ACCOUNT,
      windowMs: window,
      key: bodyEmail,
      message: 'Too many reset mails asked for this email.',
    },
  ]);

  serve(app, 'getCsrfToken', (request, reply) => ({ csrfToken: issueCsrfToken(request, reply) }));

  serve(app, 'getSessionUser', (request) => ({
    user: presentSelf(currentUser(request)),
    ...viewerOf(request),
  }));

  serve(
    app,
    'login',
    async (request, reply) => {
      const { email, password } = request.body;
      const user = await auth.login(app, email, password).catch(async (error: unknown) => {
        if (isInvalidCredentials(error)) await backoff.failed(email, request.ip);
        throw error;
      });
      await backoff.succeeded(email, request.ip);
      return { user: presentSelf(user), ...(await startSession(request, reply, user)) };
    },
    // Only failures count against the address (login-backoff.ts).
    { preValidation: backoff.check },
  );

  serve(app, 'logout', async (request, reply) => {
    if (viewingAs(request) && request.sessionOwner && request.user) {
      await auth.endViewOnLogout(app, request.sessionOwner, request.user.id);
    }
    await endSession(request, reply);
    // A native client has no CSRF cookie to renew.
    return isNativeRequest(request) ? {} : { csrfToken: issueCsrfToken(request, reply, true) };
  });

  // Every device of the account is signed out, this one too.
  serve(app, 'logoutEverywhere', async (request, reply) => {
    await endSession(request, reply, true);
    return isNativeRequest(request) ? {} : { csrfToken: issueCsrfToken(request, reply, true) };
  });

  serve(
    app,
    'signup',
    async (request, reply) => {
      const outcome = await auth.signup(app, request.body);
      if ('standIn' in outcome) {
        // The mail is not awaited, or the answer's timing would tell the email is taken.
        auth.mailSignupAttempt(app, outcome.owner).catch((error: unknown) => {
          request.log.warn({ err: error }, 'sign-up attempt mail failed');
        });
        const credentials = await startStandInSession(request, reply);
        return reply.status(201).send({ user: outcome.standIn, ...credentials });
      }
      const credentials = await startSession(request, reply, outcome.created);
      return reply.status(201).send({ user: presentSelf(outcome.created), ...credentials });
    },
    { preValidation: signupLimit },
  );

  serve(
    app,
    'forgotPassword',
    async (request, reply) => {
      await auth.forgotPassword(app, request.body.email);
      return reply.status(204).send(null);
    },
    { preValidation: both(formLimit, resetMailLimit) },
  );

  serve(
    app,
    'resetPassword',
    async (request, reply) => {
      await auth.resetPassword(app, request.body.token, request.body.password);
      return reply.status(204).send(null);
    },
    { preValidation: formLimit },
  );

  serve(
    app,
    'contact',
    async (request, reply) => {
      const id = await auth.contact(app, request.body, request.sessionOwner?.id ?? null);
      return reply.status(201).send({ id });
    },
    { preValidation: formLimit },
  );

  // For images an app's <img src> loads without its bearer header.
  serve(app, 'getMediaTicket', (request) => {
    const { session } = currentSession(request);
    const { ticket, expiresAt } = issueMediaTicket(app.config.SESSION_SECRET, session.id);
    return { ticket, expiresAt: expiresAt.toISOString() };
  });

  serve(app, 'listNativeSessions', (request) =>
    listNativeSessions(app, currentSessionOwner(request).id, request.session?.id ?? null),
  );

  serve(app, 'revokeNativeSession', (request) =>
    revokeNativeSession(app, currentSessionOwner(request).id, request.params.id),
  );

  // Judged on the session owner (table: judgedOn), so an admin acting as a locked user can switch back.
  serve(app, 'setUser', async (request) => {
    if (!request.session || !request.sessionOwner) throw new Unauthenticated();
    if (request.sessionOwner.isLocked) throw accountLocked();
    const target = await auth.setUser(app, request.session, request.sessionOwner, request.body.userId);
    return { user: presentSelf(target), actingAs: target.id !== request.sessionOwner.id };
  });
  done();
};
