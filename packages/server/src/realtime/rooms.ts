import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@stoop/shared';
import type { Viewer } from '../access/index.ts';
import type { InterServerEvents } from './session-changes.ts';

/**
 * The rooms every socket joins at its handshake (realtime/server.ts) and the types of the Socket.IO
 * server. A domain's `sockets.ts` maps its domain events to these rooms.
 */
export type SocketData = {
  userId: string;
  username: string;
  /** The role at the handshake: a role change ends the socket (users/sockets.ts). */
  role: Viewer['role'];
  /** The session the handshake's cookie stood for: its end ends the socket. */
  sessionId: string;
  sessionExpiresAt: Date;
};
export type ChatServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type ChatSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export const userRoom = (id: string) => `user:${id}`;
const CONVERSATION_PREFIX = 'conversation:' as const;
export const conversationRoom = (id: string): `conversation:${string}` => `${CONVERSATION_PREFIX}${id}`;
/** The conversation a `conversation:<id>` room is for; undefined for every other room. */
export const conversationOfRoom = (room: string) =>
  room.startsWith(CONVERSATION_PREFIX) ? room.slice(CONVERSATION_PREFIX.length) : undefined;
/**
 * One user's sockets that are in a conversation's room: Socket.IO cannot intersect two rooms, so
 * each socket in `conversation:<id>` is also in this one (realtime/member-rooms.ts keeps them in
 * step) and the owner's copy of an object goes here without a lookup (realtime/variants.ts).
 */
export const memberRoom = (conversationId: string, userId: string) => `member:${conversationId}:${userId}`;
/**
 * The admin sockets that are in a conversation's room (realtime/member-rooms.ts keeps them in step):
 * the admins' copy of an object goes here, and the residents' copy leaves these out, so a message
 * costs no pass over every socket of the server (realtime/variants.ts).
 */
export const conversationAdminsRoom = (conversationId: string) => `admins:${conversationId}`;
export const sessionRoom = (id: string) => `session:${id}`;
/** Every admin socket (the role is fixed for a socket's life: a role change ends it). */
export const ADMINS_ROOM = 'admins';
/** Every other socket: with ADMINS_ROOM it splits a room by role without a lookup (realtime/variants.ts). */
export const RESIDENTS_ROOM = 'residents';

/** A socket's user as the access rule sees them; locked users never get a socket (the handshake). */
export const viewerOf = (socket: { data: SocketData }): Viewer => ({
  id: socket.data.userId,
  role: socket.data.role,
  isLocked: false,
});
