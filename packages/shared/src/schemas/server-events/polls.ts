/** Server events of polls (R-RT-2); see ../events.ts. */
import { z } from 'zod';
import { pollSchema } from '../polls.ts';

export const pollEventSchemas = {
  /** R-POLL-6: a poll's counts changed; to its conversation's room, with no reader's own vote. */
  'poll:updated': z.object({ poll: pollSchema }),
} as const;
