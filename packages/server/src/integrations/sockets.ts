import type { FastifyInstance } from 'fastify';
import { ADMINS_ROOM, conversationRoom } from '../realtime/rooms.ts';

/**
 * Maps the data source events to sockets. Admins get the admin view; the sockets of its
 * channel (the room holds exactly those who may read it) that are not admins' get the public view.
 * A source that moved is removed for readers of the old channel who cannot read the new one.
 * Returns a function that unsubscribes.
 */
export function mapIntegrationEvents(app: FastifyInstance): () => void {
  const { io, bus } = app;
  const offs = [
    bus.on('integration:changed', ({ admin, resident, movedFrom }) => {
      const room = conversationRoom(resident.conversationId);
      io.to(ADMINS_ROOM).emit('integration:updated', { integration: admin });
      io.to(room).except(ADMINS_ROOM).emit('integration:updated', { integration: resident });
      if (movedFrom && movedFrom !== resident.conversationId) {
        io.to(conversationRoom(movedFrom))
          .except([ADMINS_ROOM, room])
          .emit('integration:removed', { integrationId: resident.id });
      }
    }),
    bus.on('integration:deleted', ({ integrationId, conversationId }) =>
      io.to([ADMINS_ROOM, conversationRoom(conversationId)]).emit('integration:removed', { integrationId }),
    ),
  ];
  return () => {
    for (const off of offs) off();
  };
}
