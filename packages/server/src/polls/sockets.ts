import type { FastifyInstance } from 'fastify';
import { pollAbilities } from '../access/index.ts';
import { conversationRoom } from '../realtime/rooms.ts';
import { emitPerVariant } from '../realtime/variants.ts';

/**
 * R-POLL-6: a poll's counts to its conversation's room, which holds exactly the sockets that may
 * read the conversation, so a direct conversation's poll reaches only its participants. One copy
 * per variant, each with its viewers' abilities (closing takes the Close button away).
 */
export function mapPollEvents(app: FastifyInstance): () => void {
  const { io, bus } = app;
  return bus.on('poll:updated', ({ poll }) => {
    emitPerVariant(io, conversationRoom(poll.conversationId), { id: poll.createdBy }, (target, viewer) =>
      target.emit('poll:updated', { poll: { ...poll, abilities: pollAbilities(viewer, poll) } }),
    );
  });
}
