/** The calls of files: method, path, access and body encoding; no zod (see ../routes.ts). */
import type { RouteInfo } from './route-info.ts';

export const filesRoutes = {
  getFile: {
    method: 'GET',
    path: '/api/files/:id',
    access: 'user',
    encoding: 'none',
    answer: 'binary',
    mediaTicket: true,
    tag: 'files',
    summary: 'An attachment, to those who may read its conversation',
  },
  getFileThumbnail: {
    method: 'GET',
    path: '/api/files/:id/thumbnail',
    access: 'user',
    encoding: 'none',
    answer: 'binary',
    mediaTicket: true,
    tag: 'files',
    summary: 'The 320 px webp preview of an image',
  },
} as const satisfies Record<string, RouteInfo>;
