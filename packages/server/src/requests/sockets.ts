import type { FastifyInstance } from 'fastify';
import { ADMINS_ROOM, userRoom } from '../realtime/rooms.ts';

/**
 * R-REQ-7 Maps `request:updated` to the requester's own sockets (`user:<id>`) and to admins'
 * (their queue), never to another resident. Returns a function that unsubscribes.
 */
export function mapRequestEvents(app: FastifyInstance): () => void {
  const { io, bus } = app;
  return bus.on('request:updated', ({ request, requesterId }) =>
    io.to([userRoom(requesterId), ADMINS_ROOM]).emit('request:updated', { request }),
  );
}
