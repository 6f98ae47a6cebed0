/**
 * Who is online and who is typing; see ../socket-events.ts. Apart from the conversation events:
 * they come as soon as a socket connects, and need no message or conversation schema.
 */
import { z } from 'zod';

const userIdsSchema = z.array(z.string());

export const presenceSocketEventSchemas = {
  typing: z.object({ conversationId: z.string(), userId: z.string(), username: z.string() }),
  /** The whole online set, sent once to a socket after it connects; it replaces what the client held. */
  presence: z.object({ online: userIdsSchema }),
  /** Who came online and who went offline since the last change (one window's worth). */
  'presence:changed': z.object({ online: userIdsSchema, offline: userIdsSchema }),
} as const;
