/** The calls of resident directory and profile options: method, path, access and body encoding; no zod (see ../routes.ts). */
import type { RouteInfo } from './route-info.ts';

export const directoryRoutes = {
  getProfileOptions: {
    method: 'GET',
    path: '/api/profile/options',
    access: 'user',
    encoding: 'none',
    tag: 'users',
    summary: 'The allowed values of every enumerated profile metadata field',
  },
} as const satisfies Record<string, RouteInfo>;
