/** The calls of users: method, path, access and body encoding; no zod (see ../routes.ts). */
import type { RouteInfo } from './route-info.ts';

export const usersRoutes = {
  listUsers: {
    method: 'GET',
    path: '/api/users',
    access: 'user',
    encoding: 'none',
    tag: 'users',
    summary: 'The resident directory: approved residents (public fields), text search q, metadata filters',
    description:
      'q matches usernames and descriptions. Filters: interests (comma list), lookingFor (text), newToArea (true/false), and gender, sexuality, relationshipStatus, hasKids, smoking, drinking, pets (one allowed value or a comma list; any matches). Paged with limit and offset.',
  },
  getUser: {
    method: 'GET',
    path: '/api/users/:id',
    access: 'user',
    encoding: 'none',
    tag: 'users',
    summary: 'One user',
  },
  updateProfile: {
    method: 'PUT',
    path: '/api/profile',
    access: 'user',
    encoding: 'multipart',
    tag: 'users',
    summary: 'Update the own profile',
    description:
      'multipart/form-data (or JSON): username, email, description, avatar (image file), avatarPath ("" removes), metadata (JSON object; merged).',
  },
  getAvatar: {
    method: 'GET',
    path: '/api/avatars/:file',
    access: 'user',
    encoding: 'none',
    answer: 'binary',
    mediaTicket: true,
    tag: 'users',
    summary: 'An avatar picture (signed-in users only)',
  },
} as const satisfies Record<string, RouteInfo>;
