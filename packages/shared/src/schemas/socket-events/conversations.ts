/** Socket events (server to client) of conversations and their messages; see ../socket-events.ts. */
import { z } from 'zod';
import { conversationSchema, messageSchema } from '../chat.ts';
import { readPositionSchema } from '../read-receipts.ts';

export const conversationSocketEventSchemas = {
  'message:new': z.object({ message: messageSchema }),
  'message:updated': z.object({ message: messageSchema }),
  'message:deleted': z.object({ message: messageSchema }),
  'message:liked': z.object({ message: messageSchema }),
  'conversation:created': z.object({ conversation: conversationSchema }),
  'conversation:updated': z.object({ conversation: conversationSchema }),
  'conversation:deleted': z.object({ conversationId: z.string() }),
  /**
   * A participant read further; to the other participants' own sockets only, and only
   * when both share read receipts.
   */
  'conversation:read': z.object({ conversationId: z.string() }).extend(readPositionSchema.shape),
  /**
   * A participant turned read receipts off, so their read position is no longer
   * shown; to the same sockets as `conversation:read` (turning them on again sends that one).
   */
  'conversation:read-withdrawn': z.object({ conversationId: z.string(), userId: z.string() }),
} as const;
