// How this folder works (polls, requests and calendar events): docs/building-life.md.
import { domainPlugin } from '../domain.ts';
import { requestRoutes } from './routes.ts';
import { mapRequestEvents } from './sockets.ts';

/** Building requests to the office; changes live to the requester and admins. */
export const requestsPlugin = domainPlugin('requests', {
  routes: [requestRoutes],
  sockets: [mapRequestEvents],
});
