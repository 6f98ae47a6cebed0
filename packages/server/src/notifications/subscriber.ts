import type { FastifyInstance } from 'fastify';
import * as service from './service.ts';

/**
 * Stores notifications from the domain events the services publish after commit. A failure is
 * logged, never thrown: the action that caused it has already succeeded. Returns the unsubscribe.
 */
export function subscribeNotifications(app: FastifyInstance): () => void {
  const ctx = app;
  const run = (what: string, work: () => Promise<void>) => {
    work().catch((error: unknown) => app.log.error({ err: error }, `notifications for ${what} failed`));
  };
  const unsubscribe = [
    ctx.bus.on('message:new', ({ message }) => run('a message', () => service.notifyMessage(ctx, message))),
    ctx.bus.on('message:liked', ({ message }) => run('a like', () => service.notifyLike(ctx, message))),
    ctx.bus.on('announcement:new', ({ announcement }) =>
      run('an announcement', () => service.notifyAnnouncement(ctx, announcement)),
    ),
    ctx.bus.on('announcement:remind', ({ announcement, userIds }) =>
      run('a reminder', () => service.notifyAnnouncementReminder(ctx, announcement, userIds)),
    ),
    ctx.bus.on('account:approved', ({ userId, actorId }) =>
      run('an approval', () => service.notifyApproval(ctx, userId, actorId)),
    ),
    ctx.bus.on('request:updated', ({ request, requesterId, change }) =>
      run('a building request', () => service.notifyRequestChange(ctx, request, requesterId, change)),
    ),
  ];
  return () => {
    for (const off of unsubscribe) off();
  };
}
