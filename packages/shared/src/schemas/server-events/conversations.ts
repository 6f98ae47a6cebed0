/** Server events of conversations and their messages (R-RT-2); see ../events.ts. */
import { z } from 'zod';
import { conversationSchema, messageSchema } from '../chat.ts';

export const conversationEventSchemas = {
  'message:new': z.object({ message: messageSchema }),
  'message:updated': z.object({ message: messageSchema }),
  'message:deleted': z.object({ message: messageSchema }),
  'message:liked': z.object({ message: messageSchema }),
  'conversation:created': z.object({ conversation: conversationSchema }),
  'conversation:updated': z.object({ conversation: conversationSchema }),
  'conversation:deleted': z.object({ conversationId: z.string() }),
} as const;
