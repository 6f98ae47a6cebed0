import { z } from 'zod';
import { conversationSchema, idSchema, messageSchema } from './chat.ts';
import { announcementSchema } from './announcements.ts';
import { notificationSchema } from './notifications.ts';
import { publicUserSchema } from './user.ts';
import { pollSchema } from './polls.ts';
import { buildingRequestSchema } from './requests.ts';
import { eventSchema } from './calendar.ts';
import { integrationSchema } from './integrations.ts';

/**
 * Socket.IO protocol (R-RT-2, R-RT-3, R-RT-6). Every payload has a schema; the client
 * handles server events with an exhaustive switch over ServerEventName.
 */
export const serverEventSchemas = {
  'message:new': z.object({ message: messageSchema }),
  'message:updated': z.object({ message: messageSchema }),
  'message:deleted': z.object({ message: messageSchema }),
  'message:liked': z.object({ message: messageSchema }),
  'conversation:created': z.object({ conversation: conversationSchema }),
  'conversation:updated': z.object({ conversation: conversationSchema }),
  'conversation:deleted': z.object({ conversationId: z.string() }),
  'profile:updated': z.object({ user: publicUserSchema }),
  typing: z.object({ conversationId: z.string(), userId: z.string(), username: z.string() }),
  presence: z.object({ online: z.array(z.string()) }),
  /** To every connected (approved) resident; `read` is false, the broadcast has no single reader. */
  'announcement:new': z.object({ announcement: announcementSchema }),
  'announcement:updated': z.object({ announcement: announcementSchema }),
  'announcement:deleted': z.object({ announcementId: z.string() }),
  /** To the recipient's own sockets only (`user:<id>`). */
  'notification:new': z.object({ notification: notificationSchema }),
  'user:locked': z.object({ userId: z.string() }),
  /** R-POLL-6: a poll's counts changed; to its conversation's room, with no reader's own vote. */
  'poll:updated': z.object({ poll: pollSchema }),
  /** A building request changed (R-REQ-7): to its requester's own sockets and to admins'. */
  'request:updated': z.object({ request: buildingRequestSchema }),
  /**
   * R-OPS-16: this instance is shutting down (a restart or a deploy); the socket closes next. The
   * client reconnects with backoff, to another instance behind a load balancer, and catches up.
   */
  'server:restarting': z.object({}),
  /** R-EVENT-6: an event's counts changed; to its conversation's room, with no reader's own RSVP. */
  'event:updated': z.object({ event: eventSchema }),
  /**
   * R-INTEG-8: a data source was connected or changed, or its feed posted. Admins get the admin
   * view; residents who may read its channel get the public fields (url, lastError, lastPolledAt null).
   */
  'integration:updated': z.object({ integration: integrationSchema }),
  /** R-INTEG-8: a source was removed, or moved to a channel this reader cannot read. */
  'integration:removed': z.object({ integrationId: z.string() }),
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
