import { z } from 'zod';
import { idSchema } from './chat.ts';
import { accountEventSchemas } from './server-events/account.ts';
import { calendarEventSchemas } from './server-events/calendar.ts';
import { conversationEventSchemas } from './server-events/conversations.ts';
import { integrationEventSchemas } from './server-events/integrations.ts';
import { newsEventSchemas } from './server-events/news.ts';
import { pollEventSchemas } from './server-events/polls.ts';
import { presenceEventSchemas } from './server-events/presence.ts';
import { requestEventSchemas } from './server-events/requests.ts';

/**
 * Socket.IO protocol (R-RT-2, R-RT-3, R-RT-6). Every payload has a schema; the client
 * handles server events with an exhaustive switch over ServerEventName. The schemas live by
 * domain under ./server-events/, so the web app can load each group when its first event arrives
 * rather than build them all while a page starts (packages/web/src/realtime/event-schemas.ts).
 */
export const serverEventSchemas = {
  ...conversationEventSchemas,
  ...presenceEventSchemas,
  ...accountEventSchemas,
  ...newsEventSchemas,
  ...pollEventSchemas,
  ...requestEventSchemas,
  ...calendarEventSchemas,
  ...integrationEventSchemas,
} as const;
export type ServerEventName = keyof typeof serverEventSchemas;
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof serverEventSchemas)[E]>;

const conversationRefSchema = z.object({ conversationId: idSchema });
/**
 * The client's notice after PUT /api/profile. It carries no profile data on purpose: the server
 * broadcasts its own committed copy and never takes a profile from a socket.
 */
const profileUpdatedNoticeSchema = z.object({}).strict();
export type ProfileUpdatedNotice = z.infer<typeof profileUpdatedNoticeSchema>;
export const clientEventSchemas = {
  typing: conversationRefSchema,
  'profile:updated': profileUpdatedNoticeSchema,
  'conversation:join': conversationRefSchema,
  'conversation:leave': conversationRefSchema,
} as const;

/** Acknowledgement of a client event that can be refused (join of a hidden or direct room). */
export type Ack = { ok: true } | { ok: false; error: string };

/** Typed maps for socket.io's generics on both ends. */
export type ServerToClientEvents = {
  [E in ServerEventName]: (payload: ServerEventPayload<E>) => void;
};
export type ClientToServerEvents = {
  typing: (payload: z.infer<typeof conversationRefSchema>) => void;
  'profile:updated': (payload: ProfileUpdatedNotice) => void;
  'conversation:join': (payload: z.infer<typeof conversationRefSchema>, ack: (result: Ack) => void) => void;
  'conversation:leave': (payload: z.infer<typeof conversationRefSchema>, ack: (result: Ack) => void) => void;
};
