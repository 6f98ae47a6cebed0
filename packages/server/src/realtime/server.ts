// How this folder works (domain events, sockets and the end of sessions): docs/realtime.md.
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { ERROR_CODES, TYPING_RELAY_MIN_GAP_MS, clientSocketEventSchemas, type Ack } from '@stoop/shared';
import { cookieNames } from '../auth/http/cookies.ts';
import { sha256 } from '../auth/crypto.ts';
import { refuseMixedCookie, resolveSessionHash, sessionExpiry } from '../auth/http/session.ts';
import { DomainError } from '../errors.ts';
import { readableConversationIds, requireConversationAccess } from '../access/index.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { corsOriginAllowed } from '../http/cors.ts';
import { handshakeError, originAllowed } from './handshake-guard.ts';
import { presenceFeed } from '../presence/feed.ts';
import { findUser } from '../users/service.ts';
import { batchSocketWrites } from './write-batching.ts';
import { mirrorMemberRooms } from './member-rooms.ts';
import { shareSessionChanges } from './session-changes.ts';
import {
  ADMINS_ROOM,
  RESIDENTS_ROOM,
  conversationRoom,
  sessionRoom,
  userRoom,
  viewerOf,
  type ChatServer,
  type ChatSocket,
} from './rooms.ts';

/**
 * The session of a handshake, resolved like an HTTP request's (cache included); null when none. A
 * native app sends its bearer token as `auth: { token }` and is never authenticated
 * by a cookie; a cookie of another account beside it is refused. A browser's socket
 * is authenticated by the session cookie.
 */
async function sessionOfHandshake(app: FastifyInstance, handshake: Socket['handshake']) {
  const cookieToken = handshake.headers.cookie
    ? app.parseCookie(handshake.headers.cookie)[cookieNames(app.config).session]
    : undefined;
  const auth: Record<string, unknown> = handshake.auth;
  const bearer = auth.token;
  if (bearer !== undefined) {
    if (typeof bearer !== 'string' || !/^[A-Za-z0-9_-]{20,200}$/.test(bearer)) return null;
    const resolved = await resolveSessionHash(app.db, app.sessionCache, sha256(bearer));
    if (resolved?.session.client !== 'native') return null;
    await refuseMixedCookie(app.db, app.sessionCache, cookieToken, resolved);
    return resolved;
  }
  if (!cookieToken) return null;
  const resolved = await resolveSessionHash(app.db, app.sessionCache, sha256(cookieToken));
  return resolved?.session.client === 'web' ? resolved : null;
}

/**
 * R-LIMIT-7: the error refusing one more socket of a resident or a session that has as many open as
 * allowed; undefined when it may connect. The rooms span every instance with the Redis adapter.
 * Two handshakes racing may both pass; the cap holds from the next one on.
 */
async function connectionCapRefusal(io: ChatServer, config: Config, userId: string, sessionId: string) {
  // One cluster-wide read: a session's sockets are among its resident's (each joins both rooms at once).
  const ofUser = await io.in(userRoom(userId)).fetchSockets();
  const ofSession = ofUser.filter((s) => s.data.sessionId === sessionId);
  if (ofSession.length >= config.SOCKETS_PER_SESSION) {
    return handshakeError(
      ERROR_CODES.tooManyConnections,
      `At most ${config.SOCKETS_PER_SESSION} live connections per signed-in device. Close another tab.`,
    );
  }
  if (ofUser.length >= config.SOCKETS_PER_USER) {
    return handshakeError(
      ERROR_CODES.tooManyConnections,
      `At most ${config.SOCKETS_PER_USER} live connections per account. Close Stoop on another device.`,
    );
  }
  return undefined;
}

/** setTimeout's largest delay; a later expiry is checked again when this one fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Socket.IO on the app's own HTTP server (path /socket.io), authenticated by the session cookie.
 * Joins each socket to its rooms (realtime/rooms.ts): `conversation:<id>` for everything in a
 * conversation (and with it `member:<conversation>:<user>`, realtime/member-rooms.ts), `user:<id>`
 * to reach one resident's sockets. Each domain's `sockets.ts` maps its domain events to these rooms.
 */
export function attachRealtime(app: FastifyInstance): ChatServer {
  const io: ChatServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    // The long-polling transport from the native apps' origins answers with CORS headers;
    // every other origin gets none (and is refused by the origin check below).
    cors: { origin: (origin, callback) => callback(null, corsOriginAllowed(app.config, origin)) },
  });
  const db: Db = app.db;
  batchSocketWrites(io);
  mirrorMemberRooms(io);

  if (app.config.REDIS_URL) {
    // Loaded only in server mode (embedded starts skip it); in place before the server
    // listens, since onReady runs first.
    const url = app.config.REDIS_URL;
    const adapted = Promise.all([import('ioredis'), import('@socket.io/redis-adapter')]).then(
      ([{ Redis }, { createAdapter }]) => {
        const pub = new Redis(url);
        const sub = pub.duplicate();
        // The adapter's channels carry REDIS_PREFIX like every other key: communities (or test runs)
        // sharing one Redis never see each other's socket traffic.
        io.adapter(createAdapter(pub, sub, { key: `${app.config.REDIS_PREFIX}socket.io` }));
        mirrorMemberRooms(io);
        return { pub, sub, stopSharing: shareSessionChanges(io, app.sessionCache, app.log) };
      },
    );
    app.addHook('onReady', async () => void (await adapted));
    app.addHook('onClose', async () => {
      const { pub, sub, stopSharing } = await adapted;
      stopSharing();
      // The adapter answers other instances' requests (fetchSockets, server-side emits) with a
      // publish it does not wait on: one answered after the quit below rejects with "Connection is
      // closed" where nobody catches it. Unsubscribed first, this instance takes no more requests.
      await io.of('/').adapter.close();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }

  io.use((socket, next) => {
    const { origin, host } = socket.handshake.headers;
    if (!originAllowed(app.config, origin, host)) {
      return next(
        handshakeError(ERROR_CODES.originNotAllowed, 'Connections from this site are not allowed.'),
      );
    }
    sessionOfHandshake(app, socket.handshake)
      .then(async (resolved) => {
        // The message is the error code; clients see it as connect_error.message.
        if (!resolved) return next(new Error(ERROR_CODES.unauthenticated));
        const { user, session, owner } = resolved;
        if (user.isLocked) return next(new Error(ERROR_CODES.accountLocked));
        // Viewing as someone else never receives their conversations live.
        if (owner.id !== user.id) {
          return next(
            handshakeError(ERROR_CODES.viewingAs, 'No live updates while viewing as someone else.'),
          );
        }
        const refusal = await connectionCapRefusal(io, app.config, user.id, session.id);
        if (refusal) return next(refusal);
        socket.data = {
          userId: user.id,
          username: user.username,
          role: user.role,
          sessionId: session.id,
          sessionExpiresAt: session.expiresAt,
        };
        // R-RT-4: the rooms are known before the handshake completes and joined in the same tick
        // as the connection, so a client that syncs on `connect` cannot miss a message committed
        // between its sync and the join (it is in the sync, or it arrives live).
        readableAtHandshake.set(socket, await readableConversationIds(db, viewerOf(socket)));
        return next();
      })
      .catch((error: unknown) => {
        if (error instanceof DomainError && error.code === ERROR_CODES.mixedCredentials)
          return next(handshakeError(error.code, error.message));
        return next(error instanceof Error ? error : new Error('Authentication failed'));
      });
  });

  const presence = presenceFeed(io, {
    shared: Boolean(app.config.REDIS_URL),
    onError: (error) => app.log.warn({ err: error }, 'presence update failed'),
  });

  io.on('connection', (socket: ChatSocket) => {
    const { userId } = socket.data;
    const readable = readableAtHandshake.get(socket) ?? [];
    readableAtHandshake.delete(socket);
    void socket.join([
      userRoom(userId),
      sessionRoom(socket.data.sessionId),
      socket.data.role === 'admin' ? ADMINS_ROOM : RESIDENTS_ROOM,
      ...readable.map(conversationRoom),
    ]);
    const endAtExpiry = watchSessionExpiry(app, socket);
    socket.on('disconnect', () => endAtExpiry.cancel());
    presence.connected(socket);
    socket.on('disconnect', () => presence.disconnected(socket));

    const lastTypingAt = new Map<string, number>();
    socket.on('typing', (payload) => {
      const parsed = clientSocketEventSchemas.typing.safeParse(payload);
      if (!parsed.success) return;
      const room = conversationRoom(parsed.data.conversationId);
      // Being in the room is the access check: rooms are only joined after one.
      if (!socket.rooms.has(room)) return;
      // A client sends one notice per TYPING_NOTICE_INTERVAL_MS; a flood is dropped, not relayed.
      const now = Date.now();
      if (now - (lastTypingAt.get(room) ?? 0) < TYPING_RELAY_MIN_GAP_MS) return;
      lastTypingAt.set(room, now);
      socket.to(room).emit('typing', {
        conversationId: parsed.data.conversationId,
        userId,
        username: socket.data.username,
      });
    });

    socket.on('conversation:join', (payload, ack) => {
      void handleJoin(app, socket, payload, true).then(safeAck(ack));
    });
    socket.on('conversation:leave', (payload, ack) => {
      void handleJoin(app, socket, payload, false).then(safeAck(ack));
    });
  });

  app.addHook('preClose', (done) => {
    presence.close();
    io.local.disconnectSockets(true);
    // Only the engine: Fastify closes the HTTP server itself.
    io.engine.close();
    done();
  });
  return io;
}

const safeAck = (ack: unknown) => (result: Ack) => {
  if (typeof ack === 'function') (ack as (r: Ack) => void)(result);
};

/**
 * Ends the socket when its session expires, and once at once if the session ended while the
 * handshake ran: a logout that committed after the handshake read the session but before the socket
 * was in its session room would otherwise miss it. The check reads the database, never the cache.
 */
function watchSessionExpiry(app: FastifyInstance, socket: ChatSocket): { cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelled = false;
  const check = () => {
    sessionExpiry(app.db, socket.data.sessionId)
      .then((expiresAt) => {
        if (cancelled) return;
        if (!expiresAt) {
          socket.disconnect(true);
          return;
        }
        // Sliding expiry: HTTP calls may have extended the session since the handshake.
        timer = setTimeout(check, Math.min(Math.max(expiresAt.getTime() - Date.now(), 0) + 1, MAX_TIMER_MS));
        timer.unref();
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'session expiry check failed'));
  };
  check();
  return {
    cancel: () => {
      cancelled = true;
      clearTimeout(timer);
    },
  };
}

/** Conversation ids each socket may read, found during its handshake (see io.use above). */
const readableAtHandshake = new WeakMap<ChatSocket, string[]>();

async function handleJoin(
  app: FastifyInstance,
  socket: ChatSocket,
  payload: unknown,
  join: boolean,
): Promise<Ack> {
  const parsed = clientSocketEventSchemas['conversation:join'].safeParse(payload);
  if (!parsed.success) return { ok: false, error: 'conversationId is required' };
  const room = conversationRoom(parsed.data.conversationId);
  if (!join) {
    await socket.leave(room);
    return { ok: true };
  }
  try {
    // The session itself, from the database: one ended where no notice reached this server (another
    // process, an operator's SQL) ends the socket here rather than at the next periodic check.
    if (!(await sessionExpiry(app.db, socket.data.sessionId))) {
      setImmediate(() => socket.disconnect(true));
      return { ok: false, error: 'Your session has ended. Sign in again.' };
    }
    // A fresh row: a resident locked since connecting must not join anything.
    const user = await findUser(app.db, socket.data.userId);
    if (!user || user.isLocked) return { ok: false, error: 'Your account is locked' };
    await requireConversationAccess(app.db, user, parsed.data.conversationId, 'read');
    await socket.join(room);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : 'Refused' };
  }
}
