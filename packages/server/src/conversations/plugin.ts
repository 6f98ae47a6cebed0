import { domainPlugin } from '../domain.ts';
import { conversationRoutes } from './routes.ts';
import { mapConversationEvents } from './sockets.ts';
import { receiptSharingSubscriber } from './subscriber.ts';

/** Channels and direct conversations; their rooms follow who may read them. */
export const conversationsPlugin = domainPlugin('conversations', {
  routes: [conversationRoutes],
  subscribers: [receiptSharingSubscriber],
  sockets: [mapConversationEvents],
});
