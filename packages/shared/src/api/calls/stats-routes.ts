/** The calls of statistics and billing (R-STATS, R-BILL): method, path, access and body encoding; no zod (see ../routes.ts). */
import type { RouteInfo } from './route-info.ts';

export const statsRoutes = {
  getStats: {
    method: 'GET',
    path: '/api/stats',
    access: 'user',
    encoding: 'none',
    tag: 'stats',
    summary: 'Community statistics; admins also get moderation figures',
  },
  getBilling: {
    method: 'GET',
    path: '/api/billing',
    access: 'user',
    encoding: 'none',
    tag: 'stats',
    summary: 'The community plan and its usage against the plan limits',
  },
  setBillingPlan: {
    method: 'PUT',
    path: '/api/billing/plan',
    access: 'admin',
    encoding: 'json',
    tag: 'stats',
    summary: 'Admin: change the plan (stored, audited; overrides STOOP_PLAN)',
  },
} as const satisfies Record<string, RouteInfo>;
