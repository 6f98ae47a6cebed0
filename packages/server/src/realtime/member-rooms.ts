import { conversationAdminsRoom, conversationOfRoom, memberRoom, type ChatServer } from './rooms.ts';

/**
 * Keeps every socket in `member:<conversation>:<user>`, and every admin's socket in
 * `admins:<conversation>`, exactly while it is in `conversation:<conversation>`
 * (docs/decisions/0038-abilities-per-variant.md). It listens to the
 * adapter's own room events rather than to the places that join and leave: those are the handshake,
 * `conversation:join`/`leave`, a new or unhidden channel (`io.socketsJoin`, which reaches every
 * instance and has no per-socket room name), a hidden channel, a deleted conversation and a
 * disconnect, and any new one is covered too. Each instance's adapter reports only its own sockets,
 * whichever instance asked, so the mirror runs where the socket lives.
 *
 * Called again after `io.adapter(...)`: it gives the namespace a new adapter with no listeners.
 */
export function mirrorMemberRooms(io: ChatServer): void {
  const namespace = io.of('/');
  const adapter = namespace.adapter;
  // The rooms that mirror `room` for socket `id`: its member room, and for an admin's socket the
  // conversation's admins room too (a socket's role is fixed for its life: a role change ends it).
  const mirrorsOf = (room: string, id: string): string[] => {
    const conversationId = conversationOfRoom(room);
    const socket = conversationId ? namespace.sockets.get(id) : undefined;
    if (!socket || !conversationId) return [];
    const member = memberRoom(conversationId, socket.data.userId);
    return socket.data.role === 'admin' ? [member, conversationAdminsRoom(conversationId)] : [member];
  };
  adapter.on('join-room', (room: string, id: string) => {
    const mirrors = mirrorsOf(room, id);
    if (mirrors.length > 0) void adapter.addAll(id, new Set(mirrors));
  });
  // On a disconnect the socket is still in the namespace while it leaves its rooms.
  adapter.on('leave-room', (room: string, id: string) => {
    for (const mirror of mirrorsOf(room, id)) void adapter.del(id, mirror);
  });
}
