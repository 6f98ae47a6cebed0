/**
 * The real-time channel: one Socket.IO connection per signed-in,
 * unlocked user, opened by the dashboard and closed on logout (R-SESSION-4 "Logout clears sockets,
 * messages and timers"). After every reconnect it pages through GET /api/sync from the highest
 * seq seen, so open conversations catch up on everything missed, edits and deletions included.
 */
import type { Socket } from 'socket.io-client';
import type { Ack, ClientToServerEvents, ServerToClientEvents } from '@stoop/shared';
import { ERROR_CODES } from '@stoop/shared/texts';
import { applyUserLocked } from '../platform/account-updates.ts';
import { bearerToken, getApiBaseUrl, isNativeClient } from '../services/http/client.ts';
import { chatApi } from '../services/api/chat-api.ts';
import { logger } from '../services/logger/logger.ts';
import { toast } from '../services/ui/toast.ts';
import { memoryMonitor } from '../services/device/memory.ts';
import { runReconnectRefreshes } from '../services/session/reconnect-refresh.ts';
import { registerSessionCleanup } from '../services/session/session-cleanup.ts';
import { useAuthStore } from '../stores/auth.ts';
import { useConnectionStore, type ConnectionState } from '../stores/connection.ts';
import { useConversationsStore } from '../stores/conversations.ts';
import { messageCacheRegistration, useMessagesStore } from '../stores/messages.ts';
import { useOutboxStore } from '../stores/outbox.ts';
import { useUsersStore } from '../stores/users.ts';

const TOO_MANY_CONNECTIONS = 'Stoop is open in too many places. Close another tab or device.';

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const setConnection = (state: ConnectionState) => useConnectionStore.setState({ state });

/** Pages GET /api/sync from the highest seq seen until nothing is left. */
export async function catchUp(): Promise<void> {
  let after = useMessagesStore.getState().seq;
  for (;;) {
    const page = await chatApi.sync(after);
    useMessagesStore.getState().applyServerMessages(page.changes);
    if (!page.hasMore || page.next <= after) return;
    after = page.next;
  }
}

let socket: ChatSocket | null = null;
let unregisterCache: (() => void) | null = null;
let connectedOnce = false;
/** The browser was offline since the page opened or the last refresh. */
let sawOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
if (typeof window !== 'undefined') window.addEventListener('offline', () => (sawOffline = true));
/** Bumped by disconnectSocket, so a connect still loading the client does not outlive a sign-out. */
let generation = 0;

type SocketClient = [typeof import('socket.io-client'), typeof import('./live-updates.ts')];
let client: Promise<SocketClient> | null = null;
/**
 * socket.io-client and the event handlers (with the shared event schemas, and so zod) load as their
 * own chunks after the first paint, never on a public page.
 */
const loadClient = () => (client ??= Promise.all([import('socket.io-client'), import('./live-updates.ts')]));

function createSocket([{ io }]: SocketClient): ChatSocket {
  const base = getApiBaseUrl();
  const options = {
    path: '/socket.io',
    withCredentials: true,
    autoConnect: false,
    // WebSocket first: one connection that needs no affinity, so a proxy may spread residents over
    // any instance. Where WebSocket cannot get through, the same connect attempt falls back to
    // long-polling (tryAllTransports; without it the client would retry WebSocket forever), whose
    // requests the proxy keeps on one instance by the session cookie (deploy/nginx.conf).
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    // The native app signs its handshake with its bearer token (read at every attempt,
    // so a reconnect after a new sign-in carries the new one) and sends no cookie.
    ...(isNativeClient()
      ? {
          withCredentials: false,
          auth: (send: (data: object) => void) => send({ token: bearerToken() }),
        }
      : {}),
  };
  return base ? io(base, options) : io(options);
}

/** Channels watched without being a member need their room again after a reconnect. */
function rejoinActiveChannel(): void {
  const { activeConversationId, conversations } = useConversationsStore.getState();
  const me = useAuthStore.getState().user?.id;
  const active = conversations.find((c) => c.id === activeConversationId);
  if (active?.type === 'channel' && me && !active.participants.includes(me)) void joinConversation(active.id);
}

async function onConnect(): Promise<void> {
  const firstTime = !connectedOnce;
  connectedOnce = true;
  rejoinActiveChannel();
  // Back from offline (or first through after a page opened offline), what the
  // screens read from the device is read again. A page that opened online has it fresh already.
  if (!firstTime || sawOffline) {
    sawOffline = false;
    void runReconnectRefreshes();
  } else {
    void runReconnectRefreshes({ firstConnect: true });
  }
  if (firstTime && useMessagesStore.getState().seq === 0) {
    setConnection('connected');
    // No message seen to catch up from, but the conversation list and an open conversation that
    // was empty may have been read before this socket joined its rooms: a conversation created in
    // between (a neighbour's first direct message), or a first message sent in between, would
    // never show. Read them again now that live events flow.
    const openConversation = useConversationsStore.getState().activeConversationId;
    try {
      await Promise.all([
        useConversationsStore.getState().loadConversations(),
        openConversation ? useMessagesStore.getState().loadMessages(openConversation) : undefined,
      ]);
    } catch (error) {
      // The screen keeps what it showed; the next reconnect or a reopen reads it again.
      logger.error('Reading the open conversation again after connecting failed', error);
    }
    return;
  }
  // The banner (which pushes the message list down, a layout shift) is for coming back after a
  // loss; the first connection of a page only closes the moment since its messages loaded.
  if (!firstTime) setConnection('syncing');
  try {
    await catchUp();
    // New conversations and unread counts may have changed while away.
    await useConversationsStore.getState().loadConversations();
  } catch (error) {
    logger.error('Catch-up after reconnect failed', error);
  } finally {
    if (socket?.connected) setConnection('connected');
  }
}

/**
 * Opens the connection for the signed-in user (idempotent). Resolves with the socket, or null when
 * the client could not load or the session ended while it loaded.
 */
export async function connectSocket(): Promise<ChatSocket | null> {
  if (socket) return socket;
  const started = generation;
  let loaded: SocketClient;
  try {
    loaded = await loadClient();
  } catch (error) {
    client = null;
    logger.error('Socket client failed to load', error);
    return null;
  }
  if (socket) return socket;
  if (started !== generation) return null;
  const created = createSocket(loaded);
  socket = created;
  const [, { receiveLiveUpdate, SOCKET_EVENT_NAMES }] = loaded;
  for (const name of SOCKET_EVENT_NAMES) {
    // socket.io's typed `on` cannot take a union of names; receiveLiveUpdate checks the payload.
    (created as unknown as Socket).on(name, (payload: unknown) => receiveLiveUpdate(name, payload));
  }
  created.on('connect', () => void onConnect());
  created.on('disconnect', (reason) => {
    setConnection('disconnected');
    // The server ends sockets on purpose after a role change (and at shutdown); socket.io does not
    // retry those by itself. A lock never gets here: its user:locked handler closes the socket first.
    if (reason === 'io server disconnect') created.connect();
  });
  created.on('connect_error', (error) => {
    setConnection('disconnected');
    logger.warn('Socket connection failed', { message: error.message });
    // Locked while away (the user:locked notice was missed): the same as receiving it.
    const me = useAuthStore.getState().user?.id;
    if (error.message === ERROR_CODES.accountLocked && me) void applyUserLocked(me);
    // Refused as one connection too many; socket.io does not retry, so say why.
    if (error.message === ERROR_CODES.tooManyConnections) {
      const { data } = error as Error & { data?: { message?: unknown } };
      toast.error(typeof data?.message === 'string' ? data.message : TOO_MANY_CONNECTIONS);
    }
  });
  setConnection('connecting');
  created.connect();
  unregisterCache ??= memoryMonitor.registerCache(messageCacheRegistration);
  // Idempotent; the platform start may already run it.
  memoryMonitor.start();
  return created;
}

/** Closes the connection and forgets it; the next connectSocket starts afresh. */
export function disconnectSocket(): void {
  generation += 1;
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = null;
  connectedOnce = false;
  setConnection('idle');
}

export function getSocket(): ChatSocket | null {
  return socket;
}

/** Tells the others in a conversation that this user is typing. */
export function emitTyping(conversationId: string): void {
  socket?.emit('typing', { conversationId });
}

/** Watches a channel one is not yet a participant of; resolves with the server's answer. */
export function joinConversation(conversationId: string): Promise<Ack> {
  return new Promise((resolve) => {
    if (!socket?.connected) {
      resolve({ ok: false, error: 'Not connected' });
      return;
    }
    socket.emit('conversation:join', { conversationId }, resolve);
  });
}

// Logout clears sockets, messages and timers.
registerSessionCleanup(() => {
  disconnectSocket();
  unregisterCache?.();
  unregisterCache = null;
  useOutboxStore.getState().reset();
  useMessagesStore.getState().reset();
  useConversationsStore.getState().reset();
  useUsersStore.getState().reset();
});
