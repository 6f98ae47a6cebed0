/**
 * Who is online and who is typing (R-RT-2); see ../events.ts. Apart from the conversation events:
 * they come as soon as a socket connects, and need no message or conversation schema.
 */
import { z } from 'zod';

export const presenceEventSchemas = {
  typing: z.object({ conversationId: z.string(), userId: z.string(), username: z.string() }),
  presence: z.object({ online: z.array(z.string()) }),
} as const;
