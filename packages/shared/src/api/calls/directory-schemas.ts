/** The schemas of the calls of resident directory and profile options, keyed like ./directory-routes.ts. */
import { profileOptionsResponseSchema } from '../../schemas/profile-options.ts';
import { type RouteSchemas, guarded } from './contract-parts.ts';

export const directorySchemas = {
  getProfileOptions: { response: { 200: profileOptionsResponseSchema, ...guarded } },
} as const satisfies Record<string, RouteSchemas>;
