import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@stoop/shared';
import type { SessionRow, UserRow } from '../../db/schema/index.ts';
import { Forbidden, Unauthenticated } from '../../errors.ts';
import { checkCsrf } from './csrf.ts';
import { loadSession } from './session.ts';
import * as access from '../../access/rules.ts';

/** preValidation hook: 401 UNAUTHENTICATED without a session. */
export function requireUser(request: FastifyRequest): Promise<void> {
  return request.user ? Promise.resolve() : Promise.reject(new Unauthenticated());
}

/**
 * preValidation hook of the admins' routes: 401 without a session, 403 FORBIDDEN for non-admins.
 * (access/ `requireAdmin(user)` is the same rule for a service that already has the user.)
 */
export function requireAdminRequest(request: FastifyRequest): Promise<void> {
  if (!request.user) return Promise.reject(new Unauthenticated());
  if (!access.isAdmin(request.user)) return Promise.reject(new Forbidden(access.ONLY_ADMINS));
  return Promise.resolve();
}

/** The request's session and its owner (the admin, while acting as someone else). */
export function currentSession(request: FastifyRequest): { session: SessionRow; owner: UserRow } {
  if (!request.session || !request.sessionOwner) throw new Unauthenticated();
  return { session: request.session, owner: request.sessionOwner };
}

/** The signed-in user inside a handler guarded by requireUser/requireAdminRequest. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new Unauthenticated();
  return request.user;
}

/**
 * R-API-40 (docs/decisions/0034-set-user-views-only.md): the calls an admin viewing Stoop as someone
 * else may make. Only looking at what the whole building sees of that account (the session check,
 * the directory, announcements, profile options), switching back and signing out; never a
 * conversation, a message, a file, a notification or a search, and never a change.
 */
const VIEW_AS_CALLS = new Set([
  'getCsrfToken',
  'getSessionUser',
  'setUser',
  'logout',
  'sendLogs',
  'listUsers',
  'getUser',
  'getAvatar',
  'listAnnouncements',
  'getProfileOptions',
  'getVapidPublicKey',
]);

/** True while an admin's session views Stoop as someone else (set-user). */
/** R-ADMIN-18: the admin viewing as the request's user, named for the banner; undefined otherwise. */
export const viewerOf = (request: FastifyRequest) =>
  viewingAs(request) && request.sessionOwner
    ? { viewer: { id: request.sessionOwner.id, username: request.sessionOwner.username } }
    : {};

export const viewingAs = (request: FastifyRequest): boolean =>
  Boolean(request.user && request.sessionOwner && request.user.id !== request.sessionOwner.id);

const viewOnly = (username: string) =>
  new Forbidden(
    `You are viewing Stoop as ${username}: you can look, not act for them. Switch back to do this.`,
    ERROR_CODES.viewingAs,
  );

export const accountLocked = () =>
  new Forbidden('Your account is locked until an admin approves it', ERROR_CODES.accountLocked);

/**
 * Global request pipeline for the API: session → CSRF → lock state. Runs in onRequest, before the
 * body is parsed, so a forged or locked call costs no parsing. Static files and unknown routes skip it.
 */
export const authHooks = fp(
  (app, _options, done) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionOwner', null);
    app.decorateRequest('session', null);
    app.decorateRequest('authVia', null);
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/') || request.is404) return;
      await loadSession(request, reply);
      checkCsrf(request);
      if (viewingAs(request) && !VIEW_AS_CALLS.has(request.routeOptions.config.callName ?? '')) {
        throw viewOnly(request.user?.username ?? 'someone else');
      }
      if (request.user?.isLocked && request.routeOptions.config.allowLocked !== true) throw accountLocked();
    });
    done();
  },
  { name: 'stoop-auth-hooks' },
);
