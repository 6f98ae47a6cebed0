import { z } from 'zod';
import { idSchema } from './chat.ts';
import { accountSocketEventSchemas } from './socket-events/account.ts';
import { calendarSocketEventSchemas } from './socket-events/calendar.ts';
import { conversationSocketEventSchemas } from './socket-events/conversations.ts';
import { integrationSocketEventSchemas } from './socket-events/integrations.ts';
import { newsSocketEventSchemas } from './socket-events/news.ts';
import { pollSocketEventSchemas } from './socket-events/polls.ts';
import { presenceSocketEventSchemas } from './socket-events/presence.ts';
import { requestSocketEventSchemas } from './socket-events/requests.ts';

/**
 * Socket.IO protocol (R-RT-2, R-RT-3, R-RT-6). Every payload has a schema; the client
 * applies socket events as live updates with an exhaustive switch over SocketEventName. The schemas live by
 * domain under ./socket-events/, so the web app can load each group when its first event arrives
 * rather than build them all while a page starts (packages/web/src/realtime/socket-event-schemas.ts).
 */
export const socketEventSchemas = {
  ...conversationSocketEventSchemas,
  ...presenceSocketEventSchemas,
  ...accountSocketEventSchemas,
  ...newsSocketEventSchemas,
  ...pollSocketEventSchemas,
  ...requestSocketEventSchemas,
  ...calendarSocketEventSchemas,
  ...integrationSocketEventSchemas,
} as const;
export type SocketEventName = keyof typeof socketEventSchemas;
export type SocketEventPayload<E extends SocketEventName> = z.infer<(typeof socketEventSchemas)[E]>;

const conversationRefSchema = z.object({ conversationId: idSchema });
/**
 * The client's notice after PUT /api/profile. It carries no profile data on purpose: the server
 * broadcasts its own committed copy and never takes a profile from a socket.
 */
const profileUpdatedNoticeSchema = z.object({}).strict();
export type ProfileUpdatedNotice = z.infer<typeof profileUpdatedNoticeSchema>;
export const clientSocketEventSchemas = {
  typing: conversationRefSchema,
  'profile:updated': profileUpdatedNoticeSchema,
  'conversation:join': conversationRefSchema,
  'conversation:leave': conversationRefSchema,
} as const;

/** Acknowledgement of a client event that can be refused (join of a hidden or direct room). */
export type Ack = { ok: true } | { ok: false; error: string };

/** Typed maps for socket.io's generics on both ends. */
export type ServerToClientEvents = {
  [E in SocketEventName]: (payload: SocketEventPayload<E>) => void;
};
export type ClientToServerEvents = {
  typing: (payload: z.infer<typeof conversationRefSchema>) => void;
  'profile:updated': (payload: ProfileUpdatedNotice) => void;
  'conversation:join': (payload: z.infer<typeof conversationRefSchema>, ack: (result: Ack) => void) => void;
  'conversation:leave': (payload: z.infer<typeof conversationRefSchema>, ack: (result: Ack) => void) => void;
};
