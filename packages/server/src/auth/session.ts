import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { SessionRow, UserRow } from '../db/schema/index.ts';
import { findUserById } from '../users/repo.ts';
import { SESSION_COOKIE, clearSessionCookie, setSessionCookie } from './cookies.ts';
import { randomToken, sha256 } from './crypto.ts';
import { deleteSession, findSession, insertSession } from './repo.ts';

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
    expiresAt: new Date(Date.now() + ttlDays * 24 * 3600 * 1000),
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

/** Resolves the session cookie into request.session / sessionOwner / user. */
export async function loadSession(request: FastifyRequest): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return;
  const found = await findSession(request.server.db, sha256(token));
  if (!found) return;
  request.session = found.session;
  request.sessionOwner = found.owner;
  request.user = found.owner;
  const actingAs = found.session.actingAsUserId;
  // Only an admin may act as someone else; a demoted admin silently falls back to themselves.
  if (actingAs && found.owner.role === 'admin') {
    request.user = (await findUserById(request.server.db, actingAs)) ?? found.owner;
  }
}
