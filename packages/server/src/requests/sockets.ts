import type { FastifyInstance } from 'fastify';
import { requestAbilities, type AbilityViewer } from '../access/index.ts';
import { ADMINS_ROOM, RESIDENTS_ROOM, userRoom } from '../realtime/rooms.ts';
import type { VariantTarget } from '../realtime/variants.ts';

/**
 * R-REQ-7 Maps `request:updated` to the requester's own sockets (`user:<id>`) and to admins'
 * (their queue), never to another resident. The abilities differ per viewer: the
 * requester may cancel, the office change the status. So, as realtime/variants.ts does for
 * messages, one copy goes to the other admins and one to the requester's sockets, split by role
 * room (an admin may file a request too). Returns a function that unsubscribes.
 */
export function mapRequestEvents(app: FastifyInstance): () => void {
  const { io, bus } = app;
  return bus.on('request:updated', ({ request, requesterId }) => {
    const facts = { requesterId, status: request.status };
    const send = (target: VariantTarget, viewer: AbilityViewer) =>
      target.emit('request:updated', { request: { ...request, abilities: requestAbilities(viewer, facts) } });
    const own = userRoom(requesterId);
    send(io.to(ADMINS_ROOM).except(own), { id: '', role: 'admin' });
    // Every socket is in exactly one of the two role rooms, joined at its handshake.
    send(io.to(own).except(ADMINS_ROOM), { id: requesterId, role: 'resident' });
    send(io.to(own).except(RESIDENTS_ROOM), { id: requesterId, role: 'admin' });
  });
}
