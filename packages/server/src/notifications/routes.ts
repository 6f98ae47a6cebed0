import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  conversationIdParamsSchema,
  conversationMuteSchema,
  markNotificationsReadBodySchema,
  muteConversationBodySchema,
  mutedConversationsSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  notificationsUnreadSchema,
} from '@stoop/shared';
import { currentUser, requireUser } from '../auth/guards.ts';
import { chatContext } from '../conversations/context.ts';
import * as service from './service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['notifications'];

/** A resident's own notifications and conversation mutes; nobody reads another's. */
export const notificationRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/notifications',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'The reader’s notifications, newest first, with the unread count',
        querystring: notificationsQuerySchema,
        response: { 200: notificationsPageSchema, ...errors },
      },
    },
    async (request) => service.listNotifications(chatContext(app), currentUser(request), request.query),
  );

  app.post(
    '/api/notifications/mark-read',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Mark notifications read: {ids} marks those, no payload marks all',
        body: markNotificationsReadBodySchema,
        response: { 200: notificationsUnreadSchema, ...errors },
      },
    },
    async (request) => ({
      unread: await service.markRead(chatContext(app), currentUser(request), request.body?.ids),
    }),
  );

  app.get(
    '/api/notifications/muted-conversations',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'The conversations the reader muted',
        response: { 200: mutedConversationsSchema, ...errors },
      },
    },
    async (request) => ({
      conversationIds: await service.mutedConversations(chatContext(app), currentUser(request)),
    }),
  );

  app.put(
    '/api/conversations/:id/mute',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Mute or unmute a conversation: a muted one notifies nothing and counts no badge',
        params: conversationIdParamsSchema,
        body: muteConversationBodySchema,
        response: { 200: conversationMuteSchema, ...errors },
      },
    },
    async (request) =>
      service.setMuted(chatContext(app), currentUser(request), request.params.id, request.body.muted),
  );

  done();
};
