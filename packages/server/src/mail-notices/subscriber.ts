import type { FastifyInstance } from 'fastify';
import { conversationById, conversationTypeOf, participantIds } from '../conversations/service.ts';
import { messageLink } from '../notifications/links.ts';
import { kindOf } from '../notification-settings/service.ts';
import { queueMail, type MailNotice } from './service.ts';

/**
 * Queues mail notices from the domain events published after commit: every stored
 * notification of a kind that mails (mentions, replies, announcements, requests, events) and every
 * direct message. Notices of one tick are queued together, so an announcement to every resident is
 * one insert. A failure is logged, never thrown. Returns the unsubscribe.
 */
export function subscribeMailNotices(app: FastifyInstance, wake: () => void): () => void {
  let batch: MailNotice[] = [];
  let pending: Promise<void> | undefined;
  const flush = async () => {
    const notices = batch;
    batch = [];
    pending = undefined;
    if ((await queueMail(app, notices)) > 0) wake();
  };
  const add = (notices: MailNotice[]) => {
    batch.push(...notices);
    pending ??= new Promise<void>((resolve) => setImmediate(resolve)).then(flush).catch((error: unknown) => {
      app.log.warn({ err: error }, 'queuing mail notices failed');
    });
  };
  const unsubscribe = [
    app.bus.on('notification:new', ({ userId, notification, urgent }) => {
      const kind = kindOf(notification.type, urgent ?? false);
      if (!kind) return;
      add([
        {
          userId,
          kind,
          messageId: notification.messageId,
          announcementId: notification.announcementId,
          // An announcement's mail is judged by the announcement (read, acknowledged), not the row.
          notificationId: notification.announcementId ? null : notification.id,
          text: notification.text,
          link: notification.link,
          actorId: notification.actor?.id ?? null,
        },
      ]);
    }),
    app.bus.on('message:new', ({ message }) => {
      if (message.deletedAt || message.metadata.adminHidden) return;
      void (async () => {
        if ((await conversationTypeOf(app.db, message.conversationId)) !== 'direct') return;
        const conversation = await conversationById(app.db, message.conversationId);
        if (!conversation) return;
        const others = (await participantIds(app.db, conversation.id)).filter((id) => id !== message.userId);
        const link = messageLink(conversation, message);
        add(
          others.map((userId) => ({
            userId,
            kind: 'direct' as const,
            messageId: message.id,
            link,
            actorId: message.userId,
          })),
        );
      })().catch((error: unknown) => app.log.warn({ err: error }, 'queuing a direct message mail failed'));
    }),
  ];
  return () => {
    for (const off of unsubscribe) off();
  };
}
