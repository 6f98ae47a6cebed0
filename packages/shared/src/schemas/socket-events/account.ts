/** Socket events (server to client) about residents' accounts and the server itself; see ../socket-events.ts. */
import { z } from 'zod';
import { publicUserSchema } from '../user.ts';

export const accountSocketEventSchemas = {
  'profile:updated': z.object({ user: publicUserSchema }),
  'user:locked': z.object({ userId: z.string() }),
  /**
   * R-RECEIPT: the resident turned sharing read receipts on or off; to their own sockets only,
   * so their other devices follow (the setting is never in the public `profile:updated`).
   */
  'read-receipts:changed': z.object({ shareReadReceipts: z.boolean() }),
  /**
   * This instance is shutting down (a restart or a deploy); the socket closes next. The
   * client reconnects with backoff, to another instance behind a load balancer, and catches up.
   */
  'server:restarting': z.object({}),
} as const;
