/** The schemas of the calls of files, keyed like ./files-routes.ts. */
import { mediaTicketQuerySchema } from '../../schemas/native.ts';
import { type RouteSchemas, idParams } from './contract-parts.ts';

export const filesSchemas = {
  getFile: { params: idParams, query: mediaTicketQuerySchema, response: {} },
  getFileThumbnail: { params: idParams, query: mediaTicketQuerySchema, response: {} },
} as const satisfies Record<string, RouteSchemas>;
