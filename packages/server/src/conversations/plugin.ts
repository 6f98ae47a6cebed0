import fp from 'fastify-plugin';
import { fileRoutes } from '../files/routes.ts';
import { messageRoutes } from '../messages/routes.ts';
import { attachRealtime, type ChatServer } from '../realtime/server.ts';
import { syncRoutes } from '../sync/routes.ts';
import { ensureChatBus } from './context.ts';
import { conversationRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Socket.IO on the same HTTP server; other domains reach residents through its `user:<id>` rooms. */
    io: ChatServer;
  }
}

/** Chat: conversations, messages, files, the change feed and the Socket.IO server. */
export const chatPlugin = fp(
  async (app) => {
    const bus = ensureChatBus(app);
    await app.register(conversationRoutes);
    await app.register(messageRoutes);
    await app.register(fileRoutes);
    await app.register(syncRoutes);
    app.decorate('io', attachRealtime(app, bus));
  },
  { name: 'stoop-chat' },
);
