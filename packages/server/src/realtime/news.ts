import type { FastifyInstance } from 'fastify';
import { ADMINS_ROOM, userRoom } from './server.ts';

/**
 * Maps the news domain events to sockets, beside the chat and account mappings:
 * - `announcement:new|updated|deleted`: to every socket (only approved residents have one), a
 *   scheduled one's changes to admins only; its receipts to admins, an acknowledgement to the
 *   resident's own sockets;
 * - `notification:new`: to the recipient's own sockets (`user:<id>`), never anyone else's.
 * Needs `app.io` and `app.bus`; returns a function that unsubscribes.
 */
export function mapNewsEvents(app: FastifyInstance): () => void {
  const { io, bus } = app;
  const unsubscribe = [
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
    bus.on('notification:new', ({ userId, notification }) =>
      io.to(userRoom(userId)).emit('notification:new', { notification }),
    ),
  ];
  return () => {
    for (const off of unsubscribe) off();
  };
}
