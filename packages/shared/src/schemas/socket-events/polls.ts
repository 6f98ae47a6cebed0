/** Socket events (server to client) of polls; see ../socket-events.ts. */
import { z } from 'zod';
import { pollSchema } from '../polls.ts';

export const pollSocketEventSchemas = {
  /** A poll's counts changed; to its conversation's room, with no reader's own vote. */
  'poll:updated': z.object({ poll: pollSchema }),
} as const;
