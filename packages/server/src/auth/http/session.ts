import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, NATIVE_LAST_USED_STEP_MS } from '@stoop/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { Unauthenticated } from '../../errors.ts';
import type { SessionRow, UserRow } from '../../db/schema/index.ts';
import { findUser } from '../../users/service.ts';
import { clearSessionCookie, cookieNames, setSessionCookie } from './cookies.ts';
import { csrfBinding, renewCsrfSecret } from './csrf.ts';
import { randomToken, sha256 } from '../crypto.ts';
import { endSessions, type SessionEnd } from '../end-sessions.ts';
import { sessionOfMediaTicket } from '../media-ticket.ts';
import { bearerTokenOf, isNativeRequest, nativePlatformOf } from './native-client.ts';
import {
  extendSession,
  findSession,
  findSessionById,
  insertSession,
  liveSessionExpiry,
  liveSessionIds,
  touchSession,
} from '../repo.ts';
import type { ResolvedSession, SessionCache } from '../session-cache.ts';
import { isAdmin } from '../../access/rules.ts';

const DAY_MS = 24 * 3600 * 1000;

/** Creates a session row for the user and returns the raw token (only its hash is stored). */
export async function createSession(
  db: Db,
  userId: string,
  ttlDays: number,
  meta: {
    userAgent?: string | undefined;
    ip?: string | undefined;
    csrfSecret?: string | undefined;
    native?: { platform: SessionRow['platform'] };
  } = {},
): Promise<{ token: string; session: SessionRow }> {
  const token = randomToken();
  const session = await insertSession(db, {
    tokenHash: sha256(token),
    userId,
    expiresAt: new Date(Date.now() + ttlDays * DAY_MS),
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
    csrfBinding: meta.csrfSecret && !meta.native ? csrfBinding(meta.csrfSecret) : null,
    ...(meta.native ? { client: 'native' as const, platform: meta.native.platform } : {}),
  });
  return { token, session };
}

async function dropSession(
  request: FastifyRequest,
  sessionId: string,
  reason: Extract<SessionEnd, { sessionId: string }>['reason'],
): Promise<void> {
  await endSessions(request.server, { reason, sessionId });
}

/** How long a session lives, renewed by use: a native app's token longer than a browser's cookie. */
const sessionTtlMs = (
  config: Pick<Config, 'SESSION_TTL_DAYS' | 'NATIVE_SESSION_TTL_DAYS'>,
  session: Pick<SessionRow, 'client'>,
) => (session.client === 'native' ? config.NATIVE_SESSION_TTL_DAYS : config.SESSION_TTL_DAYS) * DAY_MS;

/**
 * What a sign-in hands the client besides the user: a native client its bearer token,
 * a web client the token of the CSRF cookie renewed with the session.
 */
type SignInCredentials = { token: string } | { csrfToken: string };

/**
 * Starts a session for `user` on this response, replacing any session the request carried. A web
 * client gets the session cookie and a new CSRF cookie, the only one the session accepts
 * a native client gets no cookie: the bearer token is returned.
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
): Promise<SignInCredentials> {
  // A fresh token at every sign-in prevents session fixation.
  if (request.session) await dropSession(request, request.session.id, 'sign-in');
  const native = isNativeRequest(request);
  const config = request.server.config;
  // A new CSRF secret too: a pair fixed before signing in (login CSRF) is refused afterwards.
  const csrf = native ? undefined : renewCsrfSecret(request, reply);
  const { token, session } = await createSession(
    request.server.db,
    user.id,
    native ? config.NATIVE_SESSION_TTL_DAYS : config.SESSION_TTL_DAYS,
    {
      userAgent: request.headers['user-agent'],
      ip: request.ip,
      csrfSecret: csrf?.secret,
      ...(native ? { native: { platform: nativePlatformOf(request) } } : {}),
    },
  );
  if (!native) setSessionCookie(request, reply, token);
  request.session = session;
  request.user = user;
  request.sessionOwner = user;
  request.authVia = native ? 'bearer' : 'cookie';
  return csrf ? { csrfToken: csrf.csrfToken } : { token };
}

/**
 * The session part of the answer to a sign-up with a taken email. It replaces the
 * request's session and hands out a token and a new CSRF cookie like startSession does, but the
 * token is stored nowhere, so it opens nothing: the next call answers 401 as for an expired session.
 */
export async function startStandInSession(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SignInCredentials> {
  if (request.session) await dropSession(request, request.session.id, 'sign-in');
  const token = randomToken();
  if (isNativeRequest(request)) return { token };
  const { csrfToken } = renewCsrfSecret(request, reply);
  setSessionCookie(request, reply, token);
  return { csrfToken };
}

/**
 * Logout: ends the request's session, or with `everywhere` every session of its owner,
 * and clears the cookie; a native client's token is revoked, it has no cookie (R-NATIVE-4).
 */
export async function endSession(
  request: FastifyRequest,
  reply: FastifyReply,
  everywhere = false,
): Promise<void> {
  if (everywhere && request.sessionOwner) {
    await endSessions(request.server, { reason: 'sign-out-everywhere', userId: request.sessionOwner.id });
  } else if (request.session) {
    await dropSession(request, request.session.id, 'logout');
  }
  if (!isNativeRequest(request)) clearSessionCookie(request, reply);
  request.session = null;
  request.user = null;
  request.sessionOwner = null;
  request.authVia = null;
}

/** R-NATIVE-3: a bearer token and the session cookie of another account in one call. */
const mixedCredentials = () =>
  new Unauthenticated(
    'A bearer token and the session cookie of another account were sent together; send only one',
    ERROR_CODES.mixedCredentials,
  );

/** A resolved session unless `request` carries a session cookie of another account (R-NATIVE-3). */
export async function refuseMixedCookie(
  db: Db,
  cache: SessionCache,
  cookieToken: string | undefined,
  bearer: ResolvedSession,
): Promise<void> {
  if (!cookieToken) return;
  const other = await resolveSessionHash(db, cache, sha256(cookieToken));
  if (other && other.session.client === 'web' && other.owner.id !== bearer.owner.id) throw mixedCredentials();
}

/**
 * Resolves the session cookie into request.session / sessionOwner / user. A session used in the
 * second half of its lifetime is renewed for a full one (sliding expiry), so a resident who opens
 * Stoop every week is never logged out, while an abandoned session still ends. Recent sessions come
 * from the session cache (session-cache.ts) without a database lookup.
 */
export async function loadSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { db, sessionCache: cache, config } = request.server;
  const cookieToken = request.cookies[cookieNames(config).session];
  if (isNativeRequest(request)) {
    // A native call authenticates by its bearer token alone; a cookie never does.
    const token = bearerTokenOf(request.headers.authorization);
    if (!token) return;
    const tokenHash = sha256(token);
    const resolved = await resolveSessionHash(db, cache, tokenHash);
    if (resolved?.session.client !== 'native') return;
    await refuseMixedCookie(db, cache, cookieToken, resolved);
    await recordNativeUse(request, tokenHash, resolved);
    adopt(request, resolved, 'bearer');
    return;
  }
  if (!cookieToken) {
    await loadMediaTicket(request);
    return;
  }
  const tokenHash = sha256(cookieToken);
  const resolved = await resolveSessionHash(db, cache, tokenHash);
  // A native token planted as a cookie is no session: it would skip what a bearer call is checked for.
  if (resolved?.session.client !== 'web') return;
  const ttlMs = sessionTtlMs(config, resolved.session);
  if (resolved.session.expiresAt.getTime() - Date.now() < ttlMs / 2) {
    const ticket = cache.ticket();
    const expiresAt = new Date(Date.now() + ttlMs);
    await extendSession(db, resolved.session.id, expiresAt);
    resolved.session.expiresAt = expiresAt;
    cache.store(tokenHash, ticket, resolved);
    setSessionCookie(request, reply, cookieToken);
  }
  adopt(request, resolved, 'cookie');
}

function adopt(request: FastifyRequest, resolved: ResolvedSession, via: 'cookie' | 'bearer' | 'ticket') {
  request.session = resolved.session;
  request.sessionOwner = resolved.owner;
  request.user = resolved.user;
  request.authVia = via;
}

/**
 * R-NATIVE-5: a native session records when it was last used (at most once per
 * NATIVE_LAST_USED_STEP_MS, so a burst of calls writes once) and slides its expiry like a cookie.
 */
async function recordNativeUse(
  request: FastifyRequest,
  tokenHash: string,
  resolved: ResolvedSession,
): Promise<void> {
  const now = Date.now();
  const { session } = resolved;
  const ttlMs = sessionTtlMs(request.server.config, session);
  const slide = session.expiresAt.getTime() - now < ttlMs / 2;
  const stale = !session.lastUsedAt || now - session.lastUsedAt.getTime() >= NATIVE_LAST_USED_STEP_MS;
  if (!slide && !stale) return;
  const cache = request.server.sessionCache;
  const ticket = cache.ticket();
  const lastUsedAt = new Date(now);
  const expiresAt = slide ? new Date(now + ttlMs) : undefined;
  await touchSession(request.server.db, session.id, { lastUsedAt, ...(expiresAt ? { expiresAt } : {}) });
  session.lastUsedAt = lastUsedAt;
  if (expiresAt) session.expiresAt = expiresAt;
  cache.store(tokenHash, ticket, resolved);
}

/** R-NATIVE-7: an image route's GET authenticated by the `?mt=` media ticket of a live session. */
async function loadMediaTicket(request: FastifyRequest): Promise<void> {
  if (request.method !== 'GET' || request.routeOptions.config.mediaTicket !== true) return;
  const raw = (request.query as Record<string, unknown> | undefined)?.mt;
  if (typeof raw !== 'string') return;
  const sessionId = sessionOfMediaTicket(request.server.config.SESSION_SECRET, raw);
  if (!sessionId) return;
  const found = await findSessionById(request.server.db, sessionId);
  if (!found) return;
  adopt(request, await withActingAs(request.server.db, found), 'ticket');
}

/** The user a session acts as: only an admin may act as someone else; a demoted one is themselves. */
async function withActingAs(
  db: Db,
  found: { session: SessionRow; owner: UserRow },
): Promise<ResolvedSession> {
  const actingAs = found.session.actingAsUserId;
  const user =
    actingAs && isAdmin(found.owner) ? ((await findUser(db, actingAs)) ?? found.owner) : found.owner;
  return { session: found.session, owner: found.owner, user };
}

/**
 * The one resolver of a session token's hash, for HTTP requests and socket handshakes alike: the cached
 * session when recent, else the database's (kept in the cache).
 */
export async function resolveSessionHash(
  db: Db,
  cache: SessionCache,
  tokenHash: string,
): Promise<ResolvedSession | undefined> {
  return cache.get(tokenHash) ?? (await resolveSession(db, cache, tokenHash));
}

/** The session, its owner and the user it acts as, read from the database and kept in the cache. */
async function resolveSession(
  db: Db,
  cache: SessionCache,
  tokenHash: string,
): Promise<ResolvedSession | undefined> {
  const ticket = cache.ticket();
  const found = await findSession(db, tokenHash);
  if (!found) return undefined;
  const resolved = await withActingAs(db, found);
  cache.store(tokenHash, ticket, resolved);
  return resolved;
}

/** When a session that is live now expires; undefined when it has ended (read from the database, not the cache). */
export function sessionExpiry(db: Db, sessionId: string): Promise<Date | undefined> {
  return liveSessionExpiry(db, sessionId, new Date());
}

/** Which of `ids` are live sessions now (read from the database, not the cache). */
export function liveSessions(db: Db, ids: readonly string[]): Promise<Set<string>> {
  return liveSessionIds(db, ids, new Date());
}
