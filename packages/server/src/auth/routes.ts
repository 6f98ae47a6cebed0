import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  contactBodySchema,
  contactResponseSchema,
  csrfTokenResponseSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  resetPasswordBodySchema,
  setUserBodySchema,
  setUserResponseSchema,
  signupBodySchema,
  userResponseSchema,
} from '@stoop/shared';
import { bodyEmail, limitBy } from '../http/rate-limit.ts';
import { presentSelf } from '../users/present.ts';
import { issueCsrfToken } from './csrf.ts';
import { currentSession, currentUser, requireAdminOwner, requireUser } from './guards.ts';
import * as auth from './service.ts';
import { endSession, startSession } from './session.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

/** Sessions, CSRF, sign-up, login, password reset, contact and set-user (SPEC 7, DESIGN). */
export const authRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const c = app.config;
  const window = c.RATE_LIMIT_WINDOW_MS;
  const ip = (request: { ip: string }) => request.ip;
  const loginLimit = limitBy(app, [
    {
      name: 'login:ip',
      max: c.RATE_LIMIT_LOGIN_PER_IP,
      windowMs: window,
      key: ip,
      message: 'Too many sign-in attempts from this network.',
    },
    {
      name: 'login:account',
      max: c.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      windowMs: window,
      key: bodyEmail,
      message: 'Too many sign-in attempts for this account.',
    },
  ]);
  const signupLimit = limitBy(app, [
    {
      name: 'signup:ip',
      max: c.RATE_LIMIT_SIGNUP_PER_IP,
      windowMs: window,
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

  app.get(
    '/api/csrf-token',
    {
      config: { allowLocked: true },
      schema: {
        tags: ['auth'],
        summary: 'Issue a CSRF token (sets the stoop_csrf cookie)',
        response: { 200: csrfTokenResponseSchema },
      },
    },
    (request, reply) => ({ csrfToken: issueCsrfToken(request, reply) }),
  );

  app.get(
    '/api/protected/user',
    {
      config: { allowLocked: true },
      preValidation: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user (session check)',
        response: { 200: userResponseSchema, 401: apiErrorSchema },
      },
    },
    (request) => ({ user: presentSelf(currentUser(request)) }),
  );

  app.post(
    '/api/login',
    {
      preValidation: loginLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        body: loginBodySchema,
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await auth.login(app, request.body.email, request.body.password);
      await startSession(request, reply, user);
      return { user: presentSelf(user) };
    },
  );

  app.post(
    '/api/logout',
    {
      config: { allowLocked: true },
      schema: {
        tags: ['auth'],
        summary: 'End the session; returns a fresh CSRF token',
        response: { 200: csrfTokenResponseSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await endSession(request, reply);
      return { csrfToken: issueCsrfToken(request, reply, true) };
    },
  );

  app.post(
    '/api/signup',
    {
      preValidation: signupLimit,
      schema: {
        tags: ['auth'],
        summary: 'Create an account (locked until approved) and sign in',
        body: signupBodySchema,
        response: { 201: userResponseSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await auth.signup(app, request.body);
      await startSession(request, reply, user);
      return reply.status(201).send({ user: presentSelf(user) });
    },
  );

  app.post(
    '/api/forgot-password',
    {
      preValidation: formLimit,
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link (always 204)',
        body: forgotPasswordBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await auth.forgotPassword(app, request.body.email);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/reset-password',
    {
      preValidation: formLimit,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token; ends all sessions',
        body: resetPasswordBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await auth.resetPassword(app, request.body.token, request.body.password);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/contact',
    {
      preValidation: formLimit,
      schema: {
        tags: ['auth'],
        summary: 'Send a message to the community admins',
        body: contactBodySchema,
        response: { 201: contactResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const id = await auth.contact(app, request.body, request.sessionOwner?.id ?? null);
      return reply.status(201).send({ id });
    },
  );

  app.post(
    '/api/set-user',
    {
      // Judged on the session owner (requireAdminOwner), so an admin acting as a locked user can switch back.
      config: { allowLocked: true },
      preValidation: requireAdminOwner,
      schema: {
        tags: ['admin'],
        summary: 'Admin support: act as another user (own id to stop); audited',
        body: setUserBodySchema,
        response: { 200: setUserResponseSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { session, owner } = currentSession(request);
      const target = await auth.setUser(app, session, owner, request.body.userId);
      return { user: presentSelf(target), actingAs: target.id !== owner.id };
    },
  );
  done();
};
