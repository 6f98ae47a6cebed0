import type { FastifyInstance } from 'fastify';
import { conversationRoom } from '../realtime/rooms.ts';

/**
 * R-POLL-6: a poll's counts to its conversation's room, which holds exactly the sockets that may
 * read the conversation, so a direct conversation's poll reaches only its participants.
 */
export function mapPollEvents(app: FastifyInstance): () => void {
  const { io, bus } = app;
  return bus.on('poll:updated', ({ poll }) => {
    io.to(conversationRoom(poll.conversationId)).emit('poll:updated', { poll });
  });
}
