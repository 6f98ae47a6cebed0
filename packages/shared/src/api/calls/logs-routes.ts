/** The calls of logs: method, path, access and body encoding; no zod (see ../routes.ts). */
import type { RouteInfo } from './route-info.ts';

export const logsRoutes = {
  sendLogs: {
    method: 'POST',
    path: '/api/logs/frontend',
    access: 'public',
    allowLocked: true,
    csrf: false,
    encoding: 'json',
    tag: 'logs',
    summary: 'Client log intake (fetch or sendBeacon; text/plain JSON accepted)',
  },
} as const satisfies Record<string, RouteInfo>;
