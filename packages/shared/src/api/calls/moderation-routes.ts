/** The calls of moderation (flagged content): method, path, access and body encoding; no zod (see ../routes.ts). */
import type { RouteInfo } from './route-info.ts';

export const moderationRoutes = {
  listFlagged: {
    method: 'GET',
    path: '/api/admin/flagged',
    access: 'admin',
    encoding: 'none',
    tag: 'admin',
    summary: 'Flagged messages awaiting review, newest flag first, with context, author and flaggers',
  },
  dismissFlagged: {
    method: 'POST',
    path: '/api/admin/messages/:id/dismiss',
    access: 'admin',
    encoding: 'none',
    tag: 'admin',
    summary: 'Take a message off the flagged queue and keep it; audited',
  },
  hideMessage: {
    method: 'POST',
    path: '/api/admin/messages/:id/hide',
    access: 'admin',
    encoding: 'none',
    tag: 'admin',
    summary: 'Hide a message from residents (its author and admins still see it); audited',
  },
  unhideMessage: {
    method: 'POST',
    path: '/api/admin/messages/:id/unhide',
    access: 'admin',
    encoding: 'none',
    tag: 'admin',
    summary: 'Show a hidden message again; audited',
  },
} as const satisfies Record<string, RouteInfo>;
