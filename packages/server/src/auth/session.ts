import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { SessionRow, UserRow } from '../db/schema/index.ts';
import { findUserById } from '../users/repo.ts';
import { SESSION_COOKIE, clearSessionCookie, setSessionCookie } from './cookies.ts';
import { randomToken, sha256 } from './crypto.ts';
import { deleteSession, extendSession, findSession, insertSession } from './repo.ts';

const DAY_MS = 24 * 3600 * 1000;

/** Creates a session row for the user and returns the raw token (only its hash is stored). */
export async function createSession(
  db: Db,
  userId: string,
  ttlDays: number,
  meta: { userAgent?: string | undefined; ip?: string | undefined } = {},
): Promise<{ token: string; session: SessionRow }> {
  const token = randomToken();
  const session = await insertSession(db, {
    tokenHash: sha256(token),
    userId,
    expiresAt: new Date(Date.now() + ttlDays * DAY_MS),
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
  });
  return { token, session };
}

/** Starts a session for `user` on this response, replacing any session the request carried. */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
): Promise<void> {
  // A fresh token at every sign-in prevents session fixation.
  if (request.session) await deleteSession(request.server.db, request.session.id);
  const { token, session } = await createSession(
    request.server.db,
    user.id,
    request.server.config.SESSION_TTL_DAYS,
    {
      userAgent: request.headers['user-agent'],
      ip: request.ip,
    },
  );
  setSessionCookie(request, reply, token);
  request.session = session;
  request.user = user;
  request.sessionOwner = user;
}

export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session) await deleteSession(request.server.db, request.session.id);
  clearSessionCookie(request, reply);
  request.session = null;
  request.user = null;
  request.sessionOwner = null;
}

/**
 * Resolves the session cookie into request.session / sessionOwner / user. A session used in the
 * second half of its lifetime is renewed for a full one (sliding expiry), so a resident who opens
 * Stoop every week is never logged out, while an abandoned session still ends.
 */
export async function loadSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return;
  const found = await findSession(request.server.db, sha256(token));
  if (!found) return;
  const ttlMs = request.server.config.SESSION_TTL_DAYS * DAY_MS;
  if (found.session.expiresAt.getTime() - Date.now() < ttlMs / 2) {
    const expiresAt = new Date(Date.now() + ttlMs);
    await extendSession(request.server.db, found.session.id, expiresAt);
    found.session.expiresAt = expiresAt;
    setSessionCookie(request, reply, token);
  }
  request.session = found.session;
  request.sessionOwner = found.owner;
  request.user = found.owner;
  const actingAs = found.session.actingAsUserId;
  // Only an admin may act as someone else; a demoted admin silently falls back to themselves.
  if (actingAs && found.owner.role === 'admin') {
    request.user = (await findUserById(request.server.db, actingAs)) ?? found.owner;
  }
}
