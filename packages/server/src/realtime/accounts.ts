import type { FastifyInstance } from 'fastify';
import { clientEventSchemas } from '@stoop/shared';
import { sessionRoom, userRoom } from './server.ts';

/**
 * Maps the account domain events to sockets, beside the chat mapping of server.ts:
 * - `account:locked`: `user:locked` to that user's room, then every socket of theirs is
 *   disconnected on every instance (the Redis adapter forwards both, in order). Reconnects are
 *   refused by the handshake check, which reads the lock from the database.
 * - `account:role-changed`: the sockets are disconnected without a lock notice; the client
 *   reconnects and joins the rooms of its new role.
 * - `session:ended`: the sockets of that session (or of every session of that user) are
 *   disconnected on every instance; a reconnect is refused by the handshake, which finds no session.
 * - `profile:updated`: the public shape to every socket. Only approved users have sockets, and
 *   the directory is community-wide, so everyone connected may see it.
 * Needs `app.io` and `app.bus` (app.ts); returns a function that unsubscribes.
 */
export function mapAccountEvents(app: FastifyInstance): () => void {
  const { io, bus } = app;
  const unsubscribe = [
    bus.on('account:locked', ({ userId }) => {
      const room = userRoom(userId);
      io.to(room).emit('user:locked', { userId });
      io.in(room).disconnectSockets(true);
    }),
    bus.on('account:role-changed', ({ userId }) => {
      io.in(userRoom(userId)).disconnectSockets(true);
    }),
    bus.on('session:ended', (ended) => {
      const room = 'sessionId' in ended ? sessionRoom(ended.sessionId) : userRoom(ended.userId);
      io.in(room).disconnectSockets(true);
    }),
    bus.on('profile:updated', ({ user }) => {
      io.emit('profile:updated', { user });
    }),
  ];

  io.on('connection', (socket) => {
    socket.on('profile:updated', (payload: unknown) => {
      // A notice only: the server already broadcast its committed copy after PUT /api/profile, and
      // never relays profile data from a socket. Anything but the empty notice is dropped.
      if (!clientEventSchemas['profile:updated'].safeParse(payload).success) {
        app.log.debug({ userId: socket.data.userId }, 'ignored a malformed profile:updated notice');
      }
    });
  });

  return () => {
    for (const off of unsubscribe) off();
  };
}
