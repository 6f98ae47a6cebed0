import type { FastifyInstance } from 'fastify';
import { conversationRoom } from '../realtime/rooms.ts';

/** Maps `event:updated` (a calendar event's counts) to those who may see the event. */
export function mapCalendarEvents(app: FastifyInstance): () => void {
  const { io, bus } = app;
  return bus.on('event:updated', ({ event }) => {
    // R-EVENT-6: as for polls, the room holds exactly the sockets that may read the conversation.
    if (event.conversationId) io.to(conversationRoom(event.conversationId)).emit('event:updated', { event });
    // R-EVENT-12: a building-wide event is every signed-in resident's (only approved ones have a socket).
    else io.emit('event:updated', { event });
  });
}
