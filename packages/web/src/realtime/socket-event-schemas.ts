/**
 * The payload schemas of the socket events the server sends, loaded by group when a group's first event
 * arrives. Building every event's schema when the socket module loaded cost some 80 ms of main
 * thread on a desktop (four times that on a phone) while a conversation's first page rendered,
 * though the events that come then are mostly presence. The schemas are the shared
 * ones (packages/shared/src/schemas/socket-events/), so both ends still check against one definition.
 */
import type { SocketEventName } from '@stoop/shared';
import type { ZodType } from 'zod';

type SchemaGroup = Readonly<Record<string, ZodType>>;

const GROUPS = {
  conversations: () =>
    import('@stoop/shared/schemas/socket-events/conversations').then((m) => m.conversationSocketEventSchemas),
  presence: () =>
    import('@stoop/shared/schemas/socket-events/presence').then((m) => m.presenceSocketEventSchemas),
  account: () =>
    import('@stoop/shared/schemas/socket-events/account').then((m) => m.accountSocketEventSchemas),
  news: () => import('@stoop/shared/schemas/socket-events/news').then((m) => m.newsSocketEventSchemas),
  polls: () => import('@stoop/shared/schemas/socket-events/polls').then((m) => m.pollSocketEventSchemas),
  requests: () =>
    import('@stoop/shared/schemas/socket-events/requests').then((m) => m.requestSocketEventSchemas),
  calendar: () =>
    import('@stoop/shared/schemas/socket-events/calendar').then((m) => m.calendarSocketEventSchemas),
  integrations: () =>
    import('@stoop/shared/schemas/socket-events/integrations').then((m) => m.integrationSocketEventSchemas),
} satisfies Record<string, () => Promise<SchemaGroup>>;

type GroupName = keyof typeof GROUPS;

/** Which group holds each event's schema; a new event name fails to compile until it is listed. */
export const SOCKET_EVENT_GROUPS: Record<SocketEventName, GroupName> = {
  'message:new': 'conversations',
  'message:updated': 'conversations',
  'message:deleted': 'conversations',
  'message:liked': 'conversations',
  'conversation:created': 'conversations',
  'conversation:updated': 'conversations',
  'conversation:deleted': 'conversations',
  'conversation:read': 'conversations',
  'conversation:read-withdrawn': 'conversations',
  typing: 'presence',
  presence: 'presence',
  'presence:changed': 'presence',
  'profile:updated': 'account',
  'user:locked': 'account',
  'read-receipts:changed': 'account',
  'server:restarting': 'account',
  'announcement:new': 'news',
  'announcement:updated': 'news',
  'announcement:deleted': 'news',
  'announcement:receipts': 'news',
  'announcement:acknowledged': 'news',
  'notification:new': 'news',
  'poll:updated': 'polls',
  'request:updated': 'requests',
  'event:updated': 'calendar',
  'integration:updated': 'integrations',
  'integration:removed': 'integrations',
};

const loaded = new Map<GroupName, SchemaGroup>();
const loading = new Map<GroupName, Promise<SchemaGroup>>();

/** The event's schema if its group has loaded, else undefined. */
export function loadedSocketEventSchema(name: SocketEventName): ZodType | undefined {
  return loaded.get(SOCKET_EVENT_GROUPS[name])?.[name];
}

/** Loads the event's group once; a failed load (a chunk that could not be fetched) may be retried. */
export async function loadSocketEventSchema(name: SocketEventName): Promise<ZodType> {
  const group = SOCKET_EVENT_GROUPS[name];
  let pending = loading.get(group);
  if (!pending) {
    pending = GROUPS[group]().then(
      (schemas) => {
        loaded.set(group, schemas);
        return schemas;
      },
      (error: unknown) => {
        loading.delete(group);
        throw error;
      },
    );
    loading.set(group, pending);
  }
  const schema = (await pending)[name];
  if (!schema) throw new Error(`No schema for socket event ${name}`);
  return schema;
}
