import { domainPlugin } from '../domain.ts';
import { conversationRoutes } from './routes.ts';
import { mapConversationEvents } from './sockets.ts';

/** Channels and direct conversations; their rooms follow who may read them. */
export const conversationsPlugin = domainPlugin('conversations', {
  routes: [conversationRoutes],
  sockets: [mapConversationEvents],
});
