import type { FastifyInstance } from 'fastify';
import type { Conversation } from '@stoop/shared';
import { canRead, conversationAbilities } from '../access/index.ts';
import { conversationRoom, userRoom, viewerOf, type ChatServer } from '../realtime/rooms.ts';
import { emitPerVariant } from '../realtime/variants.ts';

/**
 * Maps the conversation events to rooms: a new channel joins every socket to its room, a direct
 * one its participants'; a channel an admin hid leaves the sockets that may no longer read it; a
 * deleted conversation empties its room; a read position (or its withdrawal) goes to the participants it is for. Returns a function that unsubscribes.
 */
export function mapConversationEvents(app: FastifyInstance): () => void {
  const { io, bus } = app;
  const offs = [
    bus.on('conversation:created', ({ conversation }) => {
      const room = conversationRoom(conversation.id);
      // A new channel is visible to everyone; a direct one to its two participants.
      if (conversation.type === 'channel') io.socketsJoin(room);
      else io.in(conversation.participants.map(userRoom)).socketsJoin(room);
      emitConversation(io, 'conversation:created', conversation);
    }),
    bus.on('conversation:updated', ({ conversation, visibilityChanged }) => {
      const room = conversationRoom(conversation.id);
      if (visibilityChanged && conversation.metadata.adminHidden) {
        void hideFromResidents(io, conversation).then(() =>
          emitConversation(io, 'conversation:updated', conversation),
        );
        return;
      }
      if (visibilityChanged) io.socketsJoin(room);
      emitConversation(io, 'conversation:updated', conversation);
    }),
    // To the recipients' own rooms, never the conversation's: a channel's room holds
    // everyone who follows it, and a read position is only the participants' business.
    bus.on('conversation:read', ({ recipientIds, ...read }) => {
      const rooms = recipientIds.map((userId) => userRoom(userId));
      if (rooms.length > 0) io.to(rooms).emit('conversation:read', read);
    }),
    // A withdrawn position: the same recipients' own rooms, for the same reason.
    bus.on('conversation:read-withdrawn', ({ recipientIds, ...withdrawn }) => {
      const rooms = recipientIds.map((userId) => userRoom(userId));
      if (rooms.length > 0) io.to(rooms).emit('conversation:read-withdrawn', withdrawn);
    }),
    bus.on('conversation:deleted', ({ conversationId }) => {
      const room = conversationRoom(conversationId);
      io.to(room).emit('conversation:deleted', { conversationId });
      io.in(room).socketsLeave(room);
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}

/** A conversation to its room, one copy per variant with its viewers' abilities. */
function emitConversation(
  io: ChatServer,
  event: 'conversation:created' | 'conversation:updated',
  conversation: Conversation,
): void {
  emitPerVariant(io, conversationRoom(conversation.id), { id: conversation.createdBy }, (target, viewer) =>
    target.emit(event, {
      conversation: { ...conversation, abilities: conversationAbilities(viewer, conversation) },
    }),
  );
}

/**
 * A hidden channel disappears for those who may no longer read it (residents): their sockets leave
 * its room and drop it from their list.
 */
async function hideFromResidents(io: ChatServer, conversation: Conversation): Promise<void> {
  const conversationId = conversation.id;
  const room = conversationRoom(conversationId);
  const facts = { type: conversation.type, adminHidden: conversation.metadata.adminHidden };
  const sockets = await io.in(room).fetchSockets();
  for (const socket of sockets) {
    const participant = conversation.participants.includes(socket.data.userId);
    if (canRead(facts, viewerOf(socket), participant)) continue;
    socket.leave(room);
    socket.emit('conversation:deleted', { conversationId });
  }
}
