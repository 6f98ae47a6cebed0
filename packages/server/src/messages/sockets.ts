import type { FastifyInstance } from 'fastify';
import type { Message, Role } from '@stoop/shared';
import { conversationRoom, type ChatServer } from '../realtime/rooms.ts';
import { emitPerVariant } from '../realtime/variants.ts';
import { presentFor } from './present.ts';

const MESSAGE_EVENTS = ['message:new', 'message:updated', 'message:deleted', 'message:liked'] as const;
type MessageEvent = (typeof MESSAGE_EVENTS)[number];

/** Maps the message events to their conversation's room. Returns a function that unsubscribes. */
export function mapMessageEvents(app: FastifyInstance): () => void {
  const { io, bus } = app;
  const offs = MESSAGE_EVENTS.map((event) =>
    bus.on(event, (payload) =>
      emitMessage(io, event, payload.message, 'authorRole' in payload ? payload.authorRole : undefined),
    ),
  );
  return () => {
    for (const off of offs) off();
  };
}

/**
 * A message event to its conversation's room, one copy per variant (realtime/variants.ts): each
 * carries its viewers' abilities, and a hidden message goes whole only to its author and admins,
 * every other socket getting the placeholder (presentFor). `authorRole`: known for a new message
 * (the sender's); other changes are made by anyone, so the author's sockets get a copy per role room.
 */
function emitMessage(io: ChatServer, event: MessageEvent, message: Message, authorRole?: Role): void {
  const author = { id: message.userId, role: authorRole };
  emitPerVariant(io, conversationRoom(message.conversationId), author, (target, viewer) =>
    target.emit(event, { message: presentFor(viewer, message) }),
  );
}
