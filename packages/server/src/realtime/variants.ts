import type { BroadcastOperator } from 'socket.io';
import type { ServerToClientEvents } from '@stoop/shared';
import type { AbilityViewer } from '../access/index.ts';
import {
  ADMINS_ROOM,
  RESIDENTS_ROOM,
  conversationAdminsRoom,
  conversationOfRoom,
  memberRoom,
  userRoom,
  type ChatServer,
  type SocketData,
} from './rooms.ts';

/** Where a copy goes; each copy is encoded once for all its sockets. */
export type VariantTarget = BroadcastOperator<ServerToClientEvents, SocketData>;

/**
 * The object's owner (the message's author, the poll's asker, the event's creator). `role` when the
 * caller knows it (the acting user is the owner, as for a new message); without it the owner's
 * sockets are split by role room like everyone else's.
 */
export type VariantOwner = { id: string | null; role?: AbilityViewer['role'] | undefined };

/** The copy for every resident who is not the object's owner. */
const ANY_RESIDENT: AbilityViewer = { id: '', role: 'resident' };
/** The copy for every admin who is not the object's owner. */
const ANY_ADMIN: AbilityViewer = { id: '', role: 'admin' };

/**
 * An object whose abilities differ per viewer goes to a conversation's `room` (null: every socket) in at most three copies (docs/decisions/0038-abilities-per-variant.md): one
 * for the residents, one for the admins (a conversation's admins room, `admins:<conversation>`,
 * splits its room; without a room ADMINS_ROOM and RESIDENTS_ROOM split every socket, no lookup
 * either way) and one for the owner's sockets that are in the room (`member:<conversation>:<owner>`,
 * realtime/member-rooms.ts), who are left out of the first two. No lookup on any path: the owner's
 * copy leaves with the others. The abilities functions look at nothing else about the viewer, so
 * every socket gets exactly what a REST answer would give it. `send` builds and emits the copy for
 * a viewer.
 */
export function emitPerVariant(
  io: ChatServer,
  room: `conversation:${string}` | null,
  owner: VariantOwner,
  send: (target: VariantTarget, viewer: AbilityViewer) => void,
): void {
  const { id, role } = owner;
  // The owner's sockets outside the room (a channel since hidden from them) are in neither.
  const conversationId = room && conversationOfRoom(room);
  const ownerRoom = id && (conversationId ? memberRoom(conversationId, id) : userRoom(id));
  const others = ownerRoom ? [ownerRoom] : [];
  if (room && conversationId) {
    // The room's admins have a room of their own: neither copy passes over every socket of the
    // server (`except` of the role rooms gathers all their sockets first), only the room's.
    const admins = conversationAdminsRoom(conversationId);
    send(io.to(room).except([admins, ...others]), ANY_RESIDENT);
    send(io.to(admins).except(others), ANY_ADMIN);
  } else {
    const everyone: VariantTarget = room ? io.to(room) : io.except([]);
    send(everyone.except([ADMINS_ROOM, ...others]), ANY_RESIDENT);
    send(everyone.except([RESIDENTS_ROOM, ...others]), ANY_ADMIN);
  }
  if (!id || !ownerRoom) return;
  const own = io.to(ownerRoom);
  if (role) {
    // A role change ends the sockets (R-RT-9), so all of one user's sockets have this role.
    send(own, { id, role });
    return;
  }
  // Every socket is in exactly one of the two role rooms, joined at its handshake.
  send(own.except(RESIDENTS_ROOM), { id, role: 'admin' });
  send(own.except(ADMINS_ROOM), { id, role: 'resident' });
}
