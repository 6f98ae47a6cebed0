import type { FastifyInstance } from 'fastify';
import { userRoom } from '../realtime/rooms.ts';

/**
 * Maps `notification:new` to the recipient's own sockets (`user:<id>`), never anyone else's.
 * Returns a function that unsubscribes.
 */
export function mapNotificationEvents(app: FastifyInstance): () => void {
  const { io, bus } = app;
  return bus.on('notification:new', ({ userId, notification }) =>
    io.to(userRoom(userId)).emit('notification:new', { notification }),
  );
}
