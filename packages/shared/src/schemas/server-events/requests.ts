/** Server events of building requests (R-RT-2); see ../events.ts. */
import { z } from 'zod';
import { buildingRequestSchema } from '../requests.ts';

export const requestEventSchemas = {
  /** A building request changed (R-REQ-7): to its requester's own sockets and to admins'. */
  'request:updated': z.object({ request: buildingRequestSchema }),
} as const;
