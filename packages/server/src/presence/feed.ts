import { PRESENCE_WINDOW_MS } from '@stoop/shared';
import { userRoom, type ChatServer, type ChatSocket } from '../realtime/rooms.ts';
import { debounce, PresenceTracker } from './tracker.ts';

export type PresenceFeed = {
  /** After the socket has joined its rooms. */
  connected(socket: ChatSocket): void;
  disconnected(socket: ChatSocket): void;
  /** Stops sending: the server is closing, and every socket is about to disconnect. */
  close(): void;
};

type Options = {
  /** True with the Redis adapter: other instances hold sockets too (R-RT-8). */
  shared: boolean;
  onError: (error: unknown) => void;
  windowMs?: number;
};

/**
 * R-RT-8: presence as a connecting socket's online set, sent once, then changes only.
 * Sending every socket the whole set on every change cost O(n²) bytes and encodes per change, which
 * at 10,000 sockets kept the server busy for as long as anyone connected. Now each window of
 * PRESENCE_WINDOW_MS ends with at most two emits, each encoded once: `presence:changed` to every
 * socket that was connected before the window (who came online, who went offline), and `presence`
 * (the whole set) to the sockets that connected during it.
 *
 * Status changes are counted per instance (PresenceTracker). A user whose last socket here closed
 * may still be connected to another instance: at the end of the window one cluster-wide lookup of
 * their user rooms decides, so a resident moving between instances does not flicker offline. The
 * whole set is the tracker's own without Redis, and every instance's sockets with it (one
 * fetchSockets per window that had newcomers, not one per socket).
 */
export function presenceFeed(
  io: ChatServer,
  { shared, onError, windowMs = PRESENCE_WINDOW_MS }: Options,
): PresenceFeed {
  const tracker = new PresenceTracker();
  let changed = new Set<string>();
  let newcomers = new Set<ChatSocket>();
  let closing = false;

  /** Which of these users, offline on this instance, still have a socket on another. */
  const onlineElsewhere = async (userIds: string[]): Promise<Set<string>> => {
    if (!shared || userIds.length === 0) return new Set();
    const sockets = await io.in(userIds.map(userRoom)).fetchSockets();
    return new Set(sockets.map((s) => s.data.userId));
  };

  const everyoneOnline = async (): Promise<string[]> => {
    if (!shared) return tracker.online();
    const sockets = await io.fetchSockets();
    return [...new Set(sockets.map((s) => s.data.userId))];
  };

  const endWindow = async () => {
    const users = [...changed];
    const joined = [...newcomers].filter((s) => s.connected).map((s) => s.id);
    changed = new Set();
    newcomers = new Set();
    const goneHere = users.filter((id) => !tracker.isOnline(id));
    const elsewhere = await onlineElsewhere(goneHere);
    // Once closing, an emit would publish through the adapter's Redis client after it quit: a
    // rejection nobody catches.
    if (closing) return;
    const online = users.filter((id) => tracker.isOnline(id) || elsewhere.has(id));
    const offline = goneHere.filter((id) => !elsewhere.has(id));
    if (online.length > 0 || offline.length > 0) {
      // The newcomers get the whole set below, which already holds these changes.
      (joined.length > 0 ? io.except(joined) : io).emit('presence:changed', { online, offline });
    }
    if (joined.length === 0) return;
    const everyone = await everyoneOnline();
    if (closing) return;
    io.to(joined).emit('presence', { online: everyone });
  };
  const scheduleEnd = debounce(() => void endWindow().catch(onError), windowMs);

  return {
    connected(socket) {
      if (tracker.connected(socket.data.userId)) changed.add(socket.data.userId);
      newcomers.add(socket);
      scheduleEnd();
    },
    disconnected(socket) {
      newcomers.delete(socket);
      if (tracker.disconnected(socket.data.userId)) {
        changed.add(socket.data.userId);
        scheduleEnd();
      }
    },
    close() {
      closing = true;
      scheduleEnd.cancel();
    },
  };
}
