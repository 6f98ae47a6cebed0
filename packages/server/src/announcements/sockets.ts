import type { FastifyInstance } from 'fastify';
import type { Announcement } from '@stoop/shared';
import { ADMINS_ROOM, userRoom } from '../realtime/rooms.ts';
import type { VariantTarget } from '../realtime/variants.ts';
import { withAnnouncementAbilities } from './present.ts';

/**
 * An announcement's abilities look only at the viewer's role (admins manage, whoever
 * sees it acknowledges), so every admin gets one copy and every resident another; no owner copy
 * as realtime/variants.ts makes for messages is needed.
 */
function perRole(
  target: VariantTarget,
  announcement: Announcement,
  send: (to: VariantTarget, copy: Announcement) => void,
  residentsToo: boolean,
): void {
  send(target.to(ADMINS_ROOM), withAnnouncementAbilities(announcement, { id: '', role: 'admin' }));
  if (residentsToo)
    send(target.except(ADMINS_ROOM), withAnnouncementAbilities(announcement, { id: '', role: 'resident' }));
}

/**
 * Maps the announcement events to sockets: `announcement:new|updated|deleted` to every socket (only
 * approved residents have one), a scheduled one's changes to admins only; its receipts to admins,
 * an acknowledgement to the resident's own sockets. Returns a function that unsubscribes.
 */
export function mapAnnouncementEvents(app: FastifyInstance): () => void {
  const { io, bus } = app;
  const offs = [
    bus.on('announcement:new', (p) =>
      perRole(
        io.except([]),
        p.announcement,
        (to, announcement) => to.emit('announcement:new', { announcement }),
        true,
      ),
    ),
    // A scheduled one is for admins' eyes until it goes out.
    bus.on('announcement:updated', (p) =>
      perRole(
        io.except([]),
        p.announcement,
        (to, announcement) => to.emit('announcement:updated', { announcement }),
        p.announcement.sentAt !== null,
      ),
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
