/**
 * The real-time channel (DESIGN "Real-time events"): one Socket.IO connection per signed-in,
 * unlocked user, opened by the dashboard and closed on logout (SPEC 4 "Logout clears sockets,
 * messages and timers"). After every reconnect it pages through GET /api/sync from the highest
 * seq seen, so open conversations catch up on everything missed, edits and deletions included.
 */
import { io, type Socket } from 'socket.io-client';
import { create } from 'zustand';
import type {
  Ack,
  ClientToServerEvents,
  ServerEventName,
  ServerEventPayload,
  ServerToClientEvents,
} from '@stoop/shared';
import { ERROR_CODES } from '@stoop/shared/texts';
import { applyProfileUpdated, applyUserLocked } from './account-events.ts';
import { getApiBaseUrl } from './api.ts';
import { chatApi } from './chat-api.ts';
import { logger } from './logger.ts';
import { memoryMonitor } from './memory.ts';
import { registerSessionCleanup } from './session-cleanup.ts';
import { useAuthStore } from '../stores/auth.ts';
import { useConversationsStore } from '../stores/conversations.ts';
import { messageCacheRegistration, useMessagesStore } from '../stores/messages.ts';
import { reportSeen } from './read-reports.ts';
import { useUsersStore } from '../stores/users.ts';
import { applyNewsEvent } from '../stores/news-events.ts';

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
/** idle: no session socket; disconnected: lost and retrying. */
export type ConnectionState = 'idle' | 'disconnected' | 'connecting' | 'connected' | 'syncing';

/** Connection state for the screens (a banner while offline or catching up). */
export const useConnectionStore = create<{ state: ConnectionState }>()(() => ({ state: 'idle' }));
const setConnection = (state: ConnectionState) => useConnectionStore.setState({ state });

/** Every server event, each once; the record type makes a missing or extra name a compile error. */
const EVENT_NAMES: Record<ServerEventName, true> = {
  'message:new': true,
  'message:updated': true,
  'message:deleted': true,
  'message:liked': true,
  'conversation:created': true,
  'conversation:updated': true,
  'conversation:deleted': true,
  'profile:updated': true,
  typing: true,
  presence: true,
  'announcement:new': true,
  'announcement:updated': true,
  'announcement:deleted': true,
  'notification:new': true,
  'user:locked': true,
};

export type ServerEvent = {
  [E in ServerEventName]: { name: E; payload: ServerEventPayload<E> };
}[ServerEventName];

function assertNever(value: never): never {
  throw new Error(`Unhandled server event: ${JSON.stringify(value)}`);
}

/** Applies one server event to the stores. Exhaustive: a new event name fails to compile here. */
export function handleServerEvent(event: ServerEvent): void {
  const me = useAuthStore.getState().user?.id ?? null;
  const messages = useMessagesStore.getState();
  const conversations = useConversationsStore.getState();
  switch (event.name) {
    case 'message:new': {
      const { message } = event.payload;
      messages.applyServerMessages([message]);
      conversations.stopTyping(message.conversationId, message.userId);
      if (message.parentMessageId === null) {
        // A window back in history holds it back (message-window.ts): unread until the newest end.
        const outOfView = messages.cache.conversations[message.conversationId]?.hasNewer === true;
        conversations.noteIncomingMessage(
          message.conversationId,
          message.createdAt,
          message.userId === me,
          outOfView,
        );
        // Seen live in the open conversation (own posts too): the server's read position follows.
        if (message.conversationId === conversations.activeConversationId && !outOfView)
          reportSeen(message.conversationId, message.seq);
      }
      return;
    }
    case 'message:updated':
    case 'message:deleted':
    case 'message:liked':
      messages.applyServerMessages([event.payload.message]);
      return;
    case 'conversation:created':
    case 'conversation:updated':
      conversations.upsertConversation(event.payload.conversation);
      return;
    case 'conversation:deleted':
      conversations.removeConversation(event.payload.conversationId);
      messages.dropConversation(event.payload.conversationId);
      return;
    case 'profile:updated':
      applyProfileUpdated(event.payload.user);
      return;
    case 'typing':
      if (event.payload.userId !== me) {
        conversations.addTyping(event.payload.conversationId, event.payload.userId, event.payload.username);
      }
      return;
    case 'presence':
      conversations.setPresence(event.payload.online);
      return;
    case 'announcement:new':
    case 'announcement:updated':
    case 'announcement:deleted':
    case 'notification:new':
      applyNewsEvent(event);
      return;
    case 'user:locked':
      void applyUserLocked(event.payload.userId);
      return;
    default:
      assertNever(event);
  }
}

/** Pages GET /api/sync from the highest seq seen until nothing is left (DESIGN delivery rules). */
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
  for (const name of Object.keys(EVENT_NAMES) as ServerEventName[]) {
    // socket.io's typed `on` cannot take a union of names; the payload type follows the name.
    (created as unknown as Socket).on(name, (payload: unknown) => {
      try {
        handleServerEvent({ name, payload } as ServerEvent);
      } catch (error) {
        logger.error('A server event could not be applied', error, { name });
      }
    });
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

// SPEC 4: logout clears sockets, messages and timers.
registerSessionCleanup(() => {
  disconnectSocket();
  unregisterCache?.();
  unregisterCache = null;
  useMessagesStore.getState().reset();
  useConversationsStore.getState().reset();
  useUsersStore.getState().reset();
});
