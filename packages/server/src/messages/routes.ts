import type {} from '@fastify/multipart'; // request.parts / isMultipart types
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  conversationIdParamsSchema,
  editMessageBodySchema,
  flagMessageBodySchema,
  messageResponseSchema,
  messagesPageSchema,
  messagesQuerySchema,
  searchQuerySchema,
  searchResultSchema,
  sendMessageFieldsSchema,
  threadSchema,
  type MessagesPage,
} from '@stoop/shared';
import { currentUser, requireUser } from '../auth/guards.ts';
import { parseFields } from '../http/fields.ts';
import { readForm } from '../files/multipart.ts';
import * as service from './service.ts';
import { pageBody } from './page-body.ts';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['messages'];
const one = { 200: messageResponseSchema, ...errors };

export const messageRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/conversations/:id/messages',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'A page of top-level messages, keyset on (createdAt, id); beforeId breaks createdAt ties',
        params: conversationIdParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: messagesPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const page = await service.listMessages(app, currentUser(request), request.params.id, request.query);
      // Already JSON (page-body.ts): a string with a JSON content type skips the serializer.
      return reply.type(JSON_CONTENT_TYPE).send(pageBody(page) as unknown as MessagesPage);
    },
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Send (multipart: content, parentMessageId?, file?, clientMessageId?)',
        description: '201 with the message; a repeated clientMessageId answers 200 with the first message.',
        params: conversationIdParamsSchema,
        response: { 200: messageResponseSchema, 201: messageResponseSchema, 413: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, 'file', app.config.ATTACHMENT_MAX_BYTES);
      const fields = parseFields(sendMessageFieldsSchema, form.fields);
      const result = await service.sendMessage(
        app,
        currentUser(request),
        request.params.id,
        fields,
        form.file,
      );
      return reply.status(result.created ? 201 : 200).send({ message: result.message });
    },
  );

  app.post(
    '/api/conversations/:id/flag',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Flag a message for the admins (idempotent)',
        params: conversationIdParamsSchema,
        body: flagMessageBodySchema,
        response: one,
      },
    },
    async (request) => ({
      message: await service.flagMessage(
        app,
        currentUser(request),
        request.params.id,
        request.body.messageId,
      ),
    }),
  );

  app.post(
    '/api/messages/:id/like',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Like; twice is a 400 "already liked"',
        params: conversationIdParamsSchema,
        response: one,
      },
    },
    async (request) => ({
      message: await service.likeMessage(app, currentUser(request), request.params.id),
    }),
  );

  app.delete(
    '/api/messages/:id/like',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Unlike; not liked is a 400',
        params: conversationIdParamsSchema,
        response: one,
      },
    },
    async (request) => ({
      message: await service.unlikeMessage(app, currentUser(request), request.params.id),
    }),
  );

  app.put(
    '/api/messages/:id',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Edit (author only)',
        params: conversationIdParamsSchema,
        body: editMessageBodySchema,
        response: one,
      },
    },
    async (request) => ({
      message: await service.editMessage(app, currentUser(request), request.params.id, request.body.content),
    }),
  );

  app.delete(
    '/api/messages/:id',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Delete, leaving a tombstone (author or admin)',
        params: conversationIdParamsSchema,
        response: one,
      },
    },
    async (request) => ({
      message: await service.deleteMessage(app, currentUser(request), request.params.id),
    }),
  );

  app.get(
    '/api/messages/:id/thread',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'A message’s thread',
        params: conversationIdParamsSchema,
        response: { 200: threadSchema, ...errors },
      },
    },
    async (request) => service.getThread(app, currentUser(request), request.params.id),
  );

  app.get(
    '/api/messages/search',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Full-text search over readable, undeleted messages',
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, ...errors },
      },
    },
    async (request) => service.searchMessages(app, currentUser(request), request.query),
  );

  done();
};
