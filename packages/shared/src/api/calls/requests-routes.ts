/** The calls of building requests to the office (R-REQ): method, path, access and body encoding; no zod (see ../routes.ts). */
import type { RouteInfo } from './route-info.ts';

export const requestsRoutes = {
  listRequests: {
    method: 'GET',
    path: '/api/requests',
    access: 'user',
    encoding: 'none',
    tag: 'requests',
    summary: 'A page of requests, newest first: a resident’s own, or every request for admins',
  },
  createRequest: {
    method: 'POST',
    path: '/api/requests',
    access: 'user',
    encoding: 'multipart',
    tag: 'requests',
    summary: 'File a request to the office (category, title, description, optional photo)',
  },
  getRequest: {
    method: 'GET',
    path: '/api/requests/:id',
    access: 'user',
    encoding: 'none',
    tag: 'requests',
    summary: 'One request with its history (its requester or an admin; anyone else 404)',
  },
  updateRequest: {
    method: 'PATCH',
    path: '/api/requests/:id',
    access: 'admin',
    encoding: 'json',
    tag: 'requests',
    summary: 'Change a request’s status with an optional note (admins); tells the requester; audited',
  },
  cancelRequest: {
    method: 'POST',
    path: '/api/requests/:id/cancel',
    access: 'user',
    encoding: 'none',
    tag: 'requests',
    summary: 'Cancel one’s own request while it is still open',
  },
  commentOnRequest: {
    method: 'POST',
    path: '/api/requests/:id/comments',
    access: 'user',
    encoding: 'json',
    tag: 'requests',
    summary: 'A follow-up from the requester or a note from an admin',
  },
  getRequestPhoto: {
    method: 'GET',
    path: '/api/requests/:id/photo',
    access: 'user',
    encoding: 'none',
    answer: 'binary',
    mediaTicket: true,
    tag: 'requests',
    summary: 'The request’s photo (its requester or an admin)',
  },
} as const satisfies Record<string, RouteInfo>;
