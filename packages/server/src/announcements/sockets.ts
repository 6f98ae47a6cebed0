import type { FastifyInstance } from 'fastify';
import { ADMINS_ROOM, userRoom } from '../realtime/rooms.ts';

/**
 * Maps the announcement events to sockets: `announcement:new|updated|deleted` to every socket (only
 * approved residents have one), a scheduled one's changes to admins only; its receipts to admins,
 * an acknowledgement to the resident's own sockets. Returns a function that unsubscribes.
 */
export function mapAnnouncementEvents(app: FastifyInstance): () => void {
  const { io, bus } = app;
  const offs = [
    bus.on('announcement:new', (p) => io.emit('announcement:new', p)),
    // R-REACH-2: a scheduled one is for admins' eyes until it goes out.
    bus.on('announcement:updated', (p) =>
      (p.announcement.sentAt ? io : io.to(ADMINS_ROOM)).emit('announcement:updated', p),
    ),
    bus.on('announcement:deleted', (p) => io.emit('announcement:deleted', p)),
    bus.on('announcement:receipts', (p) => io.to(ADMINS_ROOM).emit('announcement:receipts', p)),
    bus.on('announcement:acknowledged', ({ announcementId, userId }) =>
      io.to(userRoom(userId)).emit('announcement:acknowledged', { announcementId }),
    ),
  ];
  return () => {
    for (const off of offs) off();
  };
}
