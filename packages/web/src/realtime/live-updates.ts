/**
 * Live updates: the socket events the server sends, applied to the stores. Every
 * payload is checked against the shared schema first: a malformed one is logged and dropped, so it
 * never reaches a store.
 * Schemas load by group on first use (socket-event-schemas.ts); events are applied in the order they came.
 */
import type { SocketEventName, SocketEventPayload } from '@stoop/shared';
import type { ZodType } from 'zod';
import {
  applyProfileUpdated,
  applyReadReceiptsSetting,
  applyUserLocked,
} from '../platform/account-updates.ts';
import { logger } from '../services/logger/logger.ts';
import { useAuthStore } from '../stores/auth.ts';
import { useConversationsStore } from '../stores/conversations.ts';
import { useMessagesStore } from '../stores/messages.ts';
import { usePollsStore } from '../stores/polls.ts';
import { useReadReceiptsStore } from '../stores/read-receipts.ts';
import { useEventsStore } from '../stores/events.ts';
import { useIntegrationsStore } from '../stores/integrations.ts';
import { useRequestsStore } from '../stores/requests.ts';
import {
  SOCKET_EVENT_GROUPS,
  loadSocketEventSchema,
  loadedSocketEventSchema,
} from './socket-event-schemas.ts';
import { applyNewsUpdate } from './news-updates.ts';

/** Every socket event name the server sends (socket-event-schemas.ts lists each one against the shared schemas). */
export const SOCKET_EVENT_NAMES = Object.keys(SOCKET_EVENT_GROUPS) as SocketEventName[];

export type LiveUpdate = {
  [E in SocketEventName]: { name: E; payload: SocketEventPayload<E> };
}[SocketEventName];

function assertNever(value: never): never {
  throw new Error(`Unhandled live update: ${JSON.stringify(value)}`);
}

/** Applies one live update to the stores. Exhaustive: a new event name fails to compile here. */
export function applyLiveUpdate(event: LiveUpdate): void {
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
        // The server's read position follows from the list, where the resident sees it (R-RECEIPT-6).
        conversations.noteIncomingMessage(
          message.conversationId,
          message.createdAt,
          message.userId === me,
          outOfView,
        );
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
    case 'conversation:read': {
      const { conversationId, userId, lastReadSeq } = event.payload;
      useReadReceiptsStore.getState().applyRead(conversationId, userId, lastReadSeq);
      return;
    }
    case 'conversation:read-withdrawn':
      useReadReceiptsStore.getState().withdrawRead(event.payload.conversationId, event.payload.userId);
      return;
    case 'read-receipts:changed':
      applyReadReceiptsSetting(event.payload.shareReadReceipts);
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
    case 'presence:changed':
      conversations.applyPresenceChange(event.payload.online, event.payload.offline);
      return;
    case 'announcement:new':
    case 'announcement:updated':
    case 'announcement:deleted':
    case 'announcement:receipts':
    case 'announcement:acknowledged':
    case 'notification:new':
      applyNewsUpdate(event);
      return;
    case 'poll:updated':
      usePollsStore.getState().applyLive(event.payload.poll);
      return;
    case 'user:locked':
      void applyUserLocked(event.payload.userId);
      return;
    case 'request:updated':
      useRequestsStore.getState().applyUpdated(event.payload.request);
      return;
    case 'server:restarting':
      // Nothing to do yet: the server closes the socket next and socket.ts reconnects.
      return;
    case 'event:updated':
      useEventsStore.getState().applyLive(event.payload.event);
      return;
    case 'integration:updated':
      useIntegrationsStore.getState().applyLive(event.payload.integration);
      return;
    case 'integration:removed':
      useIntegrationsStore.getState().applyRemoved(event.payload.integrationId);
      return;
    default:
      assertNever(event);
  }
}

/** Checks one event against its schema, then applies it. Never throws. */
function checkAndApply(name: SocketEventName, schema: ZodType, payload: unknown): void {
  const checked = schema.safeParse(payload);
  if (!checked.success) {
    logger.warn('A malformed server event was dropped', {
      name,
      issues: checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    });
    return;
  }
  try {
    // The original payload, not the parsed copy: parsing strips keys the schema does not list,
    // and the stores have always received what the server sent.
    applyLiveUpdate({ name, payload } as LiveUpdate);
  } catch (error) {
    logger.error('A server event could not be applied', error, { name });
  }
}

/** Events waiting for a schema group to load, and every event after them, in arrival order. */
let waiting: Promise<void> | null = null;

/**
 * One event as the socket delivers it: checked against its schema, then applied. A payload the
 * schema refuses is logged and dropped; a handler that throws is logged too. Never throws. An
 * event whose schema group has not loaded yet waits for it, and so does every event after it, so
 * the stores see events in the order the server sent them.
 */
export function receiveLiveUpdate(name: SocketEventName, payload: unknown): void {
  const schema = loadedSocketEventSchema(name);
  if (schema && !waiting) return checkAndApply(name, schema, payload);
  const previous = waiting ?? Promise.resolve();
  const next: Promise<void> = previous
    .then(() => loadSocketEventSchema(name))
    .then(
      (loadedSchema) => checkAndApply(name, loadedSchema, payload),
      (error: unknown) =>
        logger.warn('A server event was dropped: its schema could not be loaded', {
          name,
          error: String(error),
        }),
    )
    .finally(() => {
      if (waiting === next) waiting = null;
    });
  waiting = next;
}

/** Resolves once every event received so far has been applied (for tests). */
export const liveUpdatesSettled = (): Promise<void> => waiting ?? Promise.resolve();
