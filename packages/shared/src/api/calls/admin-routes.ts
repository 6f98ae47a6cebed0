/** The calls of admin: method, path, access and body encoding; no zod (see ../routes.ts). */
import type { RouteInfo } from './route-info.ts';

export const adminRoutes = {
  adminListUsers: {
    method: 'GET',
    path: '/api/admin/users',
    access: 'admin',
    encoding: 'none',
    tag: 'admin',
    summary: 'Accounts by status (pending_approval, admin_lock, unlocked)',
  },
  approveUser: {
    method: 'POST',
    path: '/api/admin/users/:id/approve',
    access: 'admin',
    encoding: 'none',
    tag: 'admin',
    summary: 'Approve: unlocks the resident at once',
  },
  lockUser: {
    method: 'POST',
    path: '/api/admin/users/:id/lock',
    access: 'admin',
    encoding: 'json',
    tag: 'admin',
    summary: 'Lock (reason defaults to pending_approval)',
  },
  unlockUser: {
    method: 'POST',
    path: '/api/admin/users/:id/unlock',
    access: 'admin',
    encoding: 'none',
    tag: 'admin',
    summary: 'Unlock',
  },
  setUserRole: {
    method: 'POST',
    path: '/api/admin/users/:id/role',
    access: 'admin',
    encoding: 'json',
    tag: 'admin',
    summary: 'Set role (admin or resident)',
  },
  getAuditLog: {
    method: 'GET',
    path: '/api/audit-log',
    access: 'admin',
    encoding: 'none',
    tag: 'admin',
    summary: 'Admin actions, newest first (page, limit ≤ 100)',
  },
} as const satisfies Record<string, RouteInfo>;
