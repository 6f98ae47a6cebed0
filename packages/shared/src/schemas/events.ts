import { z } from 'zod';
import { conversationSchema, idSchema, messageSchema } from './chat.ts';
import { announcementSchema } from './announcements.ts';
import { notificationSchema } from './notifications.ts';
import { publicUserSchema } from './user.ts';

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
