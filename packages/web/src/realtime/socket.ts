/**
 * The real-time channel (R-RT-2, R-RT-3): one Socket.IO connection per signed-in,
 * unlocked user, opened by the dashboard and closed on logout (R-SESSION-4 "Logout clears sockets,
 * messages and timers"). After every reconnect it pages through GET /api/sync from the highest
 * seq seen, so open conversations catch up on everything missed, edits and deletions included.
 */
import { io, type Socket } from 'socket.io-client';
import type { Ack, ClientToServerEvents, ServerToClientEvents } from '@stoop/shared';
import { ERROR_CODES } from '@stoop/shared/texts';
import { applyUserLocked } from '../platform/account-events.ts';
import { getApiBaseUrl } from '../services/api.ts';
import { chatApi } from '../services/chat-api.ts';
import { logger } from '../services/logger.ts';
import { memoryMonitor } from '../services/device/memory.ts';
import { registerSessionCleanup } from '../services/session/session-cleanup.ts';
import { useAuthStore } from '../stores/auth.ts';
import { useConnectionStore, type ConnectionState } from '../stores/connection.ts';
import { useConversationsStore } from '../stores/conversations.ts';
import { messageCacheRegistration, useMessagesStore } from '../stores/messages.ts';
import { useOutboxStore } from '../stores/outbox.ts';
import { useUsersStore } from '../stores/users.ts';
import { receiveServerEvent, SERVER_EVENT_NAMES } from './server-events.ts';

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const setConnection = (state: ConnectionState) => useConnectionStore.setState({ state });

/** Pages GET /api/sync from the highest seq seen until nothing is left (R-DELIVERY-3). */
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

function createSocket(): ChatSocket {
  const base = getApiBaseUrl();
  const options = {
    path: '/socket.io',
    withCredentials: true,
    autoConnect: false,
    transports: ['websocket', 'polling'],
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
  if (firstTime && useMessagesStore.getState().seq === 0) {
    setConnection('connected');
    return;
  }
  setConnection('syncing');
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

/** Opens the connection for the signed-in user (idempotent). */
export function connectSocket(): ChatSocket {
  if (socket) return socket;
  const created = createSocket();
  socket = created;
  for (const name of SERVER_EVENT_NAMES) {
    // socket.io's typed `on` cannot take a union of names; receiveServerEvent checks the payload.
    (created as unknown as Socket).on(name, (payload: unknown) => receiveServerEvent(name, payload));
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

// R-SESSION-4: logout clears sockets, messages and timers.
registerSessionCleanup(() => {
  disconnectSocket();
  unregisterCache?.();
  unregisterCache = null;
  useOutboxStore.getState().reset();
  useMessagesStore.getState().reset();
  useConversationsStore.getState().reset();
  useUsersStore.getState().reset();
});
