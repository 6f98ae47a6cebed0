import type { FastifyInstance } from 'fastify';
import { eventAbilities } from '../access/index.ts';
import { conversationRoom } from '../realtime/rooms.ts';
import { emitPerVariant } from '../realtime/variants.ts';

/**
 * Maps `event:updated` (a calendar event's counts) to those who may see the event, one copy per
 * variant, each with its viewers' abilities (cancelling takes Edit and Cancel away).
 */
export function mapCalendarEvents(app: FastifyInstance): () => void {
  const { io, bus } = app;
  return bus.on('event:updated', ({ event }) => {
    // As for polls, the room holds exactly the sockets that may read the conversation; a
    // building-wide event is every signed-in resident's (only approved ones have a socket).
    const room = event.conversationId ? conversationRoom(event.conversationId) : null;
    emitPerVariant(io, room, { id: event.createdBy }, (target, viewer) =>
      target.emit('event:updated', { event: { ...event, abilities: eventAbilities(viewer, event) } }),
    );
  });
}
