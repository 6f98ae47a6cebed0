/** The calls of building life: polls (R-POLL): method, path, access and body encoding; no zod (see ../routes.ts). */
import type { RouteInfo } from './route-info.ts';

export const pollsRoutes = {
  createPoll: {
    method: 'POST',
    path: '/api/conversations/:id/polls',
    access: 'user',
    encoding: 'json',
    tag: 'building',
    summary: 'Ask a poll in a conversation one may post in; a poll message appears there',
  },
  getPoll: {
    method: 'GET',
    path: '/api/polls/:id',
    access: 'user',
    encoding: 'none',
    tag: 'building',
    summary: 'A poll with its counts and the reader’s vote, to those who may read its conversation',
  },
  votePoll: {
    method: 'POST',
    path: '/api/polls/:id/votes',
    access: 'user',
    encoding: 'json',
    tag: 'building',
    summary:
      'Vote (or change the vote) until the poll closes; everyone in the conversation sees the counts live',
  },
  closePoll: {
    method: 'POST',
    path: '/api/polls/:id/close',
    access: 'user',
    encoding: 'none',
    tag: 'building',
    summary: 'Close a poll now (its asker, or an admin who may read its conversation); the counts stay',
  },
} as const satisfies Record<string, RouteInfo>;
