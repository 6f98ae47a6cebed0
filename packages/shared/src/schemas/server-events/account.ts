/** Server events about residents' accounts and the server itself (R-RT-2); see ../events.ts. */
import { z } from 'zod';
import { publicUserSchema } from '../user.ts';

export const accountEventSchemas = {
  'profile:updated': z.object({ user: publicUserSchema }),
  'user:locked': z.object({ userId: z.string() }),
  /**
   * R-OPS-16: this instance is shutting down (a restart or a deploy); the socket closes next. The
   * client reconnects with backoff, to another instance behind a load balancer, and catches up.
   */
  'server:restarting': z.object({}),
} as const;
