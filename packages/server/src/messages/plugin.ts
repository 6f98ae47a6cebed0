import { domainPlugin } from '../domain.ts';
import { messageRoutes } from './routes.ts';
import { mapMessageEvents } from './sockets.ts';

/** Messages: history, sends, edits, likes, search; their events to the conversation's room. */
export const messagesPlugin = domainPlugin('messages', {
  routes: [messageRoutes],
  sockets: [mapMessageEvents],
});
