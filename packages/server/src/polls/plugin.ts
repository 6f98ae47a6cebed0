// How this folder works (polls, requests and calendar events): docs/building-life.md.
import { domainPlugin } from '../domain.ts';
import { pollRoutes } from './routes.ts';
import { mapPollEvents } from './sockets.ts';

/** Polls in conversations; their counts live to the conversation's room. */
export const pollsPlugin = domainPlugin('polls', { routes: [pollRoutes], sockets: [mapPollEvents] });
