/** Socket events (server to client) of building requests; see ../socket-events.ts. */
import { z } from 'zod';
import { buildingRequestSchema } from '../requests.ts';

export const requestSocketEventSchemas = {
  /** A building request changed: to its requester's own sockets and to admins'. */
  'request:updated': z.object({ request: buildingRequestSchema }),
} as const;
