import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { SessionRow, UserRow } from '../db/schema/index.ts';
import { findUser } from '../users/service.ts';
import { clearSessionCookie, cookieNames, setSessionCookie } from './cookies.ts';
import { csrfBinding, csrfSecretOf } from './csrf.ts';
import { randomToken, sha256 } from './crypto.ts';
import { endSessions, type SessionEnd } from './end-sessions.ts';
import { extendSession, findSession, insertSession, liveSessionExpiry, liveSessionIds } from './repo.ts';
import type { ResolvedSession, SessionCache } from './session-cache.ts';
import { isAdmin } from '../access/rules.ts';

const DAY_MS = 24 * 3600 * 1000;

/** Creates a session row for the user and returns the raw token (only its hash is stored). */
export async function createSession(
  db: Db,
  userId: string,
  ttlDays: number,
  meta: { userAgent?: string | undefined; ip?: string | undefined; csrfSecret?: string | undefined } = {},
): Promise<{ token: string; session: SessionRow }> {
  const token = randomToken();
  const session = await insertSession(db, {
    tokenHash: sha256(token),
    userId,
    expiresAt: new Date(Date.now() + ttlDays * DAY_MS),
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
    csrfBinding: meta.csrfSecret ? csrfBinding(meta.csrfSecret) : null,
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

/** Starts a session for `user` on this response, replacing any session the request carried. */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
): Promise<void> {
  // A fresh token at every sign-in prevents session fixation.
  if (request.session) await dropSession(request, request.session.id, 'sign-in');
  const { token, session } = await createSession(
    request.server.db,
    user.id,
    request.server.config.SESSION_TTL_DAYS,
    {
      userAgent: request.headers['user-agent'],
      ip: request.ip,
      // R-SESSION-12: the CSRF secret this sign-in was made with is the only one the session accepts.
      csrfSecret: csrfSecretOf(request),
    },
  );
  setSessionCookie(request, reply, token);
  request.session = session;
  request.user = user;
  request.sessionOwner = user;
}

/**
 * Logout: ends the request's session, or with `everywhere` every session of its owner (R-SESSION-13),
 * and clears the cookie.
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
  clearSessionCookie(request, reply);
  request.session = null;
  request.user = null;
  request.sessionOwner = null;
}

/**
 * Resolves the session cookie into request.session / sessionOwner / user. A session used in the
 * second half of its lifetime is renewed for a full one (sliding expiry), so a resident who opens
 * Stoop every week is never logged out, while an abandoned session still ends. Recent sessions come
 * from the session cache (session-cache.ts) without a database lookup.
 */
export async function loadSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[cookieNames(request.server.config).session];
  if (!token) return;
  const tokenHash = sha256(token);
  const cache = request.server.sessionCache;
  const resolved = await resolveSessionHash(request.server.db, cache, tokenHash);
  if (!resolved) return;
  const ttlMs = request.server.config.SESSION_TTL_DAYS * DAY_MS;
  if (resolved.session.expiresAt.getTime() - Date.now() < ttlMs / 2) {
    const ticket = cache.ticket();
    const expiresAt = new Date(Date.now() + ttlMs);
    await extendSession(request.server.db, resolved.session.id, expiresAt);
    resolved.session.expiresAt = expiresAt;
    cache.store(tokenHash, ticket, resolved);
    setSessionCookie(request, reply, token);
  }
  request.session = resolved.session;
  request.sessionOwner = resolved.owner;
  request.user = resolved.user;
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
  const actingAs = found.session.actingAsUserId;
  // Only an admin may act as someone else; a demoted admin silently falls back to themselves.
  const user =
    actingAs && isAdmin(found.owner) ? ((await findUser(db, actingAs)) ?? found.owner) : found.owner;
  const resolved = { session: found.session, owner: found.owner, user };
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
