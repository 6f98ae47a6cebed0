import type { FastifyInstance } from 'fastify';
import { clientSocketEventSchemas } from '@stoop/shared';
import { userRoom } from '../realtime/rooms.ts';

/**
 * Maps the account domain events to sockets:
 * - `account:locked`: `user:locked` to that user's room; the lock's `session:ended`, published
 *   right after it, then disconnects every socket of theirs (realtime/session-ends.ts; the Redis adapter
 *   forwards both, in order). Reconnects are refused by the handshake, which reads the lock.
 * - `profile:updated`: the public shape to every socket. Only approved users have sockets, and
 *   the directory is community-wide, so everyone connected may see it.
 * - `read-receipts:changed`: the new setting to that user's room only, so their other devices
 *   follow; nobody else learns it from this event.
 * Returns a function that unsubscribes.
 */
export function mapAccountEvents(app: FastifyInstance): () => void {
  const { io, bus } = app;
  const unsubscribe = [
    bus.on('account:locked', ({ userId }) => {
      io.to(userRoom(userId)).emit('user:locked', { userId });
    }),
    bus.on('profile:updated', ({ user }) => {
      io.emit('profile:updated', { user });
    }),
    bus.on('read-receipts:changed', ({ userId, shareReadReceipts }) => {
      io.to(userRoom(userId)).emit('read-receipts:changed', { shareReadReceipts });
    }),
  ];

  io.on('connection', (socket) => {
    socket.on('profile:updated', (payload: unknown) => {
      // A notice only: the server already broadcast its committed copy after PUT /api/profile, and
      // never relays profile data from a socket. Anything but the empty notice is dropped.
      if (!clientSocketEventSchemas['profile:updated'].safeParse(payload).success) {
        app.log.debug({ userId: socket.data.userId }, 'ignored a malformed profile:updated notice');
      }
    });
  });

  return () => {
    for (const off of unsubscribe) off();
  };
}
