/**
 * The payload schemas of server events (R-RT-2), loaded by group when a group's first event
 * arrives. Building every event's schema when the socket module loaded cost some 80 ms of main
 * thread on a desktop (four times that on a phone) while a conversation's first page rendered,
 * though the events that come then are mostly presence (R-DELIVERY-8). The schemas are the shared
 * ones (packages/shared/src/schemas/server-events/), so both ends still check against one definition.
 */
import type { ServerEventName } from '@stoop/shared';
import type { ZodType } from 'zod';

type SchemaGroup = Readonly<Record<string, ZodType>>;

const GROUPS = {
  conversations: () =>
    import('@stoop/shared/schemas/server-events/conversations').then((m) => m.conversationEventSchemas),
  presence: () => import('@stoop/shared/schemas/server-events/presence').then((m) => m.presenceEventSchemas),
  account: () => import('@stoop/shared/schemas/server-events/account').then((m) => m.accountEventSchemas),
  news: () => import('@stoop/shared/schemas/server-events/news').then((m) => m.newsEventSchemas),
  polls: () => import('@stoop/shared/schemas/server-events/polls').then((m) => m.pollEventSchemas),
  requests: () => import('@stoop/shared/schemas/server-events/requests').then((m) => m.requestEventSchemas),
  calendar: () => import('@stoop/shared/schemas/server-events/calendar').then((m) => m.calendarEventSchemas),
  integrations: () =>
    import('@stoop/shared/schemas/server-events/integrations').then((m) => m.integrationEventSchemas),
} satisfies Record<string, () => Promise<SchemaGroup>>;

type GroupName = keyof typeof GROUPS;

/** Which group holds each event's schema; a new event name fails to compile until it is listed. */
export const EVENT_GROUPS: Record<ServerEventName, GroupName> = {
  'message:new': 'conversations',
  'message:updated': 'conversations',
  'message:deleted': 'conversations',
  'message:liked': 'conversations',
  'conversation:created': 'conversations',
  'conversation:updated': 'conversations',
  'conversation:deleted': 'conversations',
  typing: 'presence',
  presence: 'presence',
  'profile:updated': 'account',
  'user:locked': 'account',
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
export function loadedEventSchema(name: ServerEventName): ZodType | undefined {
  return loaded.get(EVENT_GROUPS[name])?.[name];
}

/** Loads the event's group once; a failed load (a chunk that could not be fetched) may be retried. */
export async function loadEventSchema(name: ServerEventName): Promise<ZodType> {
  const group = EVENT_GROUPS[name];
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
  if (!schema) throw new Error(`No schema for server event ${name}`);
  return schema;
}
