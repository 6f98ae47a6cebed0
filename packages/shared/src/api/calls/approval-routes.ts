/** The calls of user approval (admin account screens): method, path, access and body encoding; no zod (see ../routes.ts). */
import type { RouteInfo } from './route-info.ts';

export const approvalRoutes = {
  bulkApproveUsers: {
    method: 'POST',
    path: '/api/admin/users/approve',
    access: 'admin',
    encoding: 'json',
    tag: 'admin',
    summary: 'Approve several accounts at once ({ids}); answers those approved and the unknown ids',
  },
  rejectUser: {
    method: 'POST',
    path: '/api/admin/users/:id/reject',
    access: 'admin',
    encoding: 'json',
    tag: 'admin',
    summary: 'Reject a sign-up waiting for its first approval: removes the account, mails the message',
  },
} as const satisfies Record<string, RouteInfo>;
