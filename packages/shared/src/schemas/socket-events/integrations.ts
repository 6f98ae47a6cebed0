/** Socket events (server to client) of data sources; see ../socket-events.ts. */
import { z } from 'zod';
import { integrationSchema } from '../integrations.ts';

export const integrationSocketEventSchemas = {
  /**
   * A data source was connected or changed, or its feed posted. Admins get the admin
   * view; residents who may read its channel get the public fields (url, lastError, lastPolledAt null).
   */
  'integration:updated': z.object({ integration: integrationSchema }),
  /** A source was removed, or moved to a channel this reader cannot read. */
  'integration:removed': z.object({ integrationId: z.string() }),
} as const;
