/** The schemas of the calls of logs, keyed like ./logs-routes.ts. */
import { logBatchSchema } from '../../schemas/logs.ts';
import { type RouteSchemas } from './contract-parts.ts';

export const logsSchemas = {
  // Parsed and validated by the handler: a beacon may send the JSON as text/plain.
  sendLogs: { body: logBatchSchema, bodyValidated: false, response: {} },
} as const satisfies Record<string, RouteSchemas>;
