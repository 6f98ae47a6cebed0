import type { FastifyInstance } from 'fastify';
import { endedSessionsSchema, SESSIONS_ENDED_CHANNEL, type EndedSessions } from '../auth/end-sessions.ts';
import { liveSessions } from '../auth/http/session.ts';
import type { Database } from '../db/client.ts';
import { listenToDatabase } from '../db/notifications.ts';
import { sessionRoom, userRoom } from './rooms.ts';

/** The rooms holding the sockets of what ended. */
const roomsOf = (ended: EndedSessions) => [
  ...ended.sessionIds.map(sessionRoom),
  ...(ended.everySocketOf ? [userRoom(ended.everySocketOf)] : []),
];

/**
 * R-SESSION-10, R-SESSION-13: a session's end takes its sockets, on every instance, however it came
 * (auth/end-sessions.ts is the one place that ends sessions):
 * - `session:ended` on this server's bus: disconnected on every instance (the Redis adapter);
 * - a notification from a process without a bus (the operator's `reset-password` on PostgreSQL):
 *   each server drops the sockets and cached entries it holds of those sessions;
 * - a row removed with no notice at all (an operator's SQL): every SESSION_CHECK_SECONDS each server
 *   checks its sockets' sessions in one query and ends those that are gone; `conversation:join`
 *   checks the socket's session itself (server.ts).
 * Registered by app.ts after attachRealtime.
 */
export function endSocketsWithTheirSessions(app: FastifyInstance, database: Database): void {
  const { io, bus } = app;
  const unsubscribe = bus.on('session:ended', (ended) => {
    io.in(roomsOf(ended)).disconnectSockets(true);
  });

  const listener = listenToDatabase(
    database,
    SESSIONS_ENDED_CHANNEL,
    (payload) => {
      const ended = parse(payload);
      if (!ended) {
        app.log.warn('malformed session-end notification ignored');
        return;
      }
      for (const sessionId of ended.sessionIds) app.sessionCache.forgetLocally({ sessionId });
      if (ended.everySocketOf) app.sessionCache.forgetLocally({ userId: ended.everySocketOf });
      // Every server got the same notification: each ends its own sockets.
      io.local.in(roomsOf(ended)).disconnectSockets(true);
    },
    (error) => app.log.warn({ err: error }, 'session-end notifications: connection lost, reconnecting'),
  );

  let timer: ReturnType<typeof setInterval> | undefined;
  let checking = false;
  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      await endSocketsOfGoneSessions(app);
    } catch (error) {
      app.log.warn({ err: error }, 'session check of open sockets failed');
    } finally {
      checking = false;
    }
  };
  app.addHook('onReady', async () => {
    await listener.listening;
    timer = setInterval(() => void check(), app.config.SESSION_CHECK_SECONDS * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    unsubscribe();
    await listener.stop();
  });
}

function parse(payload: string): EndedSessions | undefined {
  try {
    const parsed = endedSessionsSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Ends this instance's sockets whose session no longer exists; returns how many went. */
export async function endSocketsOfGoneSessions(app: FastifyInstance): Promise<number> {
  const sockets = [...app.io.of('/').sockets.values()].filter((socket) => socket.data.sessionId);
  if (sockets.length === 0) return 0;
  const live = await liveSessions(app.db, [...new Set(sockets.map((socket) => socket.data.sessionId))]);
  let ended = 0;
  for (const socket of sockets) {
    if (live.has(socket.data.sessionId)) continue;
    app.sessionCache.forgetLocally({ sessionId: socket.data.sessionId });
    socket.disconnect(true);
    ended += 1;
  }
  return ended;
}
