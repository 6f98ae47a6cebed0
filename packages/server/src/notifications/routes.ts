import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/http/guards.ts';
import { serve } from '../http/serve.ts';
import * as service from './service.ts';

/** A resident's own notifications and conversation mutes; nobody reads another's. */
export const notificationRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  serve(app, 'listNotifications', async (request) =>
    service.listNotifications(app, currentUser(request), request.query),
  );
  serve(app, 'markNotificationsRead', async (request) => ({
    unread: await service.markRead(app, currentUser(request), request.body?.ids),
  }));
  serve(app, 'listMutedConversations', async (request) => ({
    conversationIds: await service.mutedConversations(app, currentUser(request)),
  }));
  serve(app, 'muteConversation', async (request) =>
    service.setMuted(app, currentUser(request), request.params.id, request.body.muted),
  );
  done();
};
