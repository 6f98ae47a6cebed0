import type {} from '@fastify/multipart'; // request.parts / isMultipart types
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  conversationDetailsSchema,
  conversationIdParamsSchema,
  conversationResponseSchema,
  conversationsListResponseSchema,
  createConversationBodySchema,
  markReadBodySchema,
  updateConversationBodySchema,
} from '@stoop/shared';
import { currentUser, requireAdmin, requireUser } from '../auth/guards.ts';
import { readForm } from '../files/multipart.ts';
import { badRequest } from '../http/errors.ts';
import { parseFields } from '../http/fields.ts';
import {
  channelAdminAction,
  conversationDetails,
  createConversation,
  deleteConversation,
  listConversations,
  markConversationRead,
  updateConversation,
  type ChannelAdminAction,
} from './service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['conversations'];

/** participantIds arrives as a JSON array, a comma list or a repeated form field. */
function participantIds(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  const text = raw.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      throw badRequest('participantIds must be a JSON array of ids', 'participantIds');
    }
  }
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export const conversationRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/conversations',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'The caller’s direct conversations and visible channels',
        response: { 200: conversationsListResponseSchema, ...errors },
      },
    },
    async (request) => ({ conversations: await listConversations(app, currentUser(request)) }),
  );

  app.get(
    '/api/conversations/:id/details',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Participants, message and file counts, recent files',
        params: conversationIdParamsSchema,
        response: { 200: conversationDetailsSchema, ...errors },
      },
    },
    async (request) => conversationDetails(app, currentUser(request), request.params.id),
  );

  app.post(
    '/api/conversations',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Create a direct conversation (JSON) or a channel (multipart with optional icon)',
        description: 'A direct conversation with the same resident is reused (200). Channel name taken: 409.',
        response: {
          200: conversationResponseSchema,
          201: conversationResponseSchema,
          409: apiErrorSchema,
          413: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, 'icon', app.config.ATTACHMENT_MAX_BYTES);
      const body = parseFields(createConversationBodySchema, {
        ...form.fields,
        participantIds: participantIds(form.fields.participantIds),
      });
      const result = await createConversation(app, currentUser(request), body, form.file);
      return reply.status(result.created ? 201 : 200).send({ conversation: result.conversation });
    },
  );

  app.patch(
    '/api/conversations/:id',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Rename, describe or re-icon (multipart); creator or admin',
        params: conversationIdParamsSchema,
        response: { 200: conversationResponseSchema, 409: apiErrorSchema, 413: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const form = await readForm(request, 'icon', app.config.ATTACHMENT_MAX_BYTES);
      const patch = parseFields(updateConversationBodySchema, form.fields);
      return {
        conversation: await updateConversation(
          app,
          currentUser(request),
          request.params.id,
          patch,
          form.file,
        ),
      };
    },
  );

  app.delete(
    '/api/conversations/:id',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Delete with its messages; creator or admin',
        params: conversationIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteConversation(app, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/conversations/:id/read',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Marks the conversation read up to a change-feed position (messages seen live)',
        params: conversationIdParamsSchema,
        body: markReadBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await markConversationRead(app, currentUser(request), request.params.id, request.body.seq);
      return reply.status(204).send(null);
    },
  );

  const adminActions: [string, ChannelAdminAction][] = [
    ['admin-flag-channel', 'flag'],
    ['admin-unflag-channel', 'unflag'],
    ['admin-hide-channel', 'hide'],
  ];
  for (const [path, action] of adminActions) {
    app.patch(
      `/api/conversations/:id/${path}`,
      {
        preValidation: requireAdmin,
        schema: {
          tags,
          summary: `Admin: ${action} a channel (SPEC 4)`,
          params: conversationIdParamsSchema,
          response: { 200: conversationResponseSchema, ...errors },
        },
      },
      async (request) => ({
        conversation: await channelAdminAction(app, currentUser(request), request.params.id, action),
      }),
    );
  }

  done();
};
