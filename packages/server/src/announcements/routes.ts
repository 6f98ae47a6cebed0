import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/http/guards.ts';
import { serve } from '../http/serve.ts';
import * as service from './service.ts';

/** Announcements: every resident reads, admins write (access rules in the shared route table). */
export const announcementRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  serve(app, 'listAnnouncements', async (request) =>
    service.listAnnouncements(app, currentUser(request), request.query),
  );
  serve(app, 'createAnnouncement', async (request, reply) => {
    const announcement = await service.createAnnouncement(app, currentUser(request), request.body);
    return reply.status(201).send({ announcement });
  });
  serve(app, 'updateAnnouncement', async (request) => ({
    announcement: await service.updateAnnouncement(
      app,
      currentUser(request),
      request.params.id,
      request.body,
    ),
  }));
  serve(app, 'deleteAnnouncement', async (request, reply) => {
    await service.deleteAnnouncement(app, currentUser(request), request.params.id);
    return reply.status(204).send(null);
  });
  serve(app, 'markAnnouncementRead', async (request) => ({
    unread: await service.markRead(app, currentUser(request), request.params.id),
  }));
  serve(app, 'markAllAnnouncementsRead', async (request) => ({
    unread: await service.markAllRead(app, currentUser(request)),
  }));
  serve(app, 'listPendingUrgent', async (request) => service.listPendingUrgent(app, currentUser(request)));
  serve(app, 'acknowledgeAnnouncement', async (request) =>
    service.acknowledge(app, currentUser(request), request.params.id),
  );
  serve(app, 'getAnnouncementReceipts', async (request) => service.receipts(app, request.params.id));
  serve(app, 'remindAnnouncement', async (request) => ({
    reminded: await service.remind(app, currentUser(request), request.params.id),
  }));
  done();
};
