import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  announcementIdParamsSchema,
  announcementResponseSchema,
  announcementsPageSchema,
  announcementsQuerySchema,
  announcementsUnreadSchema,
  apiErrorSchema,
  createAnnouncementBodySchema,
  updateAnnouncementBodySchema,
} from '@stoop/shared';
import { z } from 'zod';
import { currentUser, requireAdmin, requireUser } from '../auth/guards.ts';
import { chatContext } from '../conversations/context.ts';
import * as service from './service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['announcements'];

/** Announcements: every resident reads, admins write. Auth runs before the schema (preValidation). */
export const announcementRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/announcements',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'A page of announcements: pinned first, then newest first, with the reader’s read state',
        querystring: announcementsQuerySchema,
        response: { 200: announcementsPageSchema, ...errors },
      },
    },
    async (request) => service.listAnnouncements(chatContext(app), currentUser(request), request.query),
  );

  app.post(
    '/api/announcements',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Post an announcement (admins); every connected resident gets it live',
        body: createAnnouncementBodySchema,
        response: { 201: announcementResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const announcement = await service.createAnnouncement(
        chatContext(app),
        currentUser(request),
        request.body,
      );
      return reply.status(201).send({ announcement });
    },
  );

  app.patch(
    '/api/announcements/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Change an announcement (admins)',
        params: announcementIdParamsSchema,
        body: updateAnnouncementBodySchema,
        response: { 200: announcementResponseSchema, ...errors },
      },
    },
    async (request) => ({
      announcement: await service.updateAnnouncement(
        chatContext(app),
        currentUser(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/api/announcements/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Delete an announcement (admins)',
        params: announcementIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteAnnouncement(chatContext(app), currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/announcements/:id/read',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Mark one announcement read; answers the reader’s unread count',
        params: announcementIdParamsSchema,
        response: { 200: announcementsUnreadSchema, ...errors },
      },
    },
    async (request) => ({
      unread: await service.markRead(chatContext(app), currentUser(request), request.params.id),
    }),
  );

  app.post(
    '/api/announcements/read-all',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Mark every announcement read',
        response: { 200: announcementsUnreadSchema, ...errors },
      },
    },
    async (request) => ({ unread: await service.markAllRead(chatContext(app), currentUser(request)) }),
  );

  done();
};
