import type { FastifyInstance } from 'fastify';
import { userRoom } from './server.ts';

/**
 * Maps the news domain events to sockets, beside the chat and account mappings:
 * - `announcement:new|updated|deleted`: to every socket (only approved residents have one);
 * - `notification:new`: to the recipient's own sockets (`user:<id>`), never anyone else's.
 * Needs `app.io` and `app.bus`; returns a function that unsubscribes.
 */
export function mapNewsEvents(app: FastifyInstance): () => void {
  const { io, bus } = app;
  const unsubscribe = [
    bus.on('announcement:new', (p) => io.emit('announcement:new', p)),
    bus.on('announcement:updated', (p) => io.emit('announcement:updated', p)),
    bus.on('announcement:deleted', (p) => io.emit('announcement:deleted', p)),
    bus.on('notification:new', ({ userId, notification }) =>
      io.to(userRoom(userId)).emit('notification:new', { notification }),
    ),
  ];
  return () => {
    for (const off of unsubscribe) off();
  };
}
