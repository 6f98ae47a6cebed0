import type { FastifyInstance } from 'fastify';
import type { Message } from '@stoop/shared';
import { ADMINS_ROOM, conversationRoom, userRoom, viewerOf, type ChatServer } from '../realtime/rooms.ts';
import { redactFor, seesHiddenContent } from './present.ts';

const MESSAGE_EVENTS = ['message:new', 'message:updated', 'message:deleted', 'message:liked'] as const;
type MessageEvent = (typeof MESSAGE_EVENTS)[number];

/** Maps the message events to their conversation's room. Returns a function that unsubscribes. */
export function mapMessageEvents(app: FastifyInstance): () => void {
  const { io, bus } = app;
  const offs = MESSAGE_EVENTS.map((event) => bus.on(event, ({ message }) => emitMessage(io, event, message)));
  return () => {
    for (const off of offs) off();
  };
}

/**
 * A message event to its conversation's room. A hidden message (R-ADMIN-9) goes whole only to the
 * sockets of its author and of admins in the room; every other socket gets the placeholder
 * (redactFor). Clients order changes by seq (R-MSG-12), so the second emit may come later.
 */
function emitMessage(io: ChatServer, event: MessageEvent, message: Message): void {
  const room = conversationRoom(message.conversationId);
  if (!message.metadata.adminHidden) {
    io.to(room).emit(event, { message });
    return;
  }
  const placeholder = redactFor({ id: '', role: 'resident' }, message);
  io.to(room)
    .except([userRoom(message.userId), ADMINS_ROOM])
    .emit(event, { message: placeholder });
  void io
    .in(room)
    .fetchSockets()
    .then((sockets) => {
      for (const socket of sockets) {
        if (seesHiddenContent(viewerOf(socket), message.userId)) socket.emit(event, { message });
      }
    })
    // Only the whole copy is lost (a Redis hiccup); those sockets still have the placeholder.
    .catch(() => undefined);
}
