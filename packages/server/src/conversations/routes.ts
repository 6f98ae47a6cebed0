import type {} from '@fastify/multipart'; // request.parts / isMultipart types
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { createConversationBodySchema, updateConversationBodySchema } from '@stoop/shared';
import { currentUser } from '../auth/http/guards.ts';
import { discardForm, readForm } from '../files/http/multipart.ts';
import { Invalid } from '../errors.ts';
import { parseFields } from '../http/fields.ts';
import { limitSubject } from '../http/rate-limit.ts';
import { serve } from '../http/serve.ts';
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
import { conversationReads } from './read-receipts.ts';

/** participantIds arrives as a JSON array, a comma list or a repeated form field. */
function participantIds(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  const text = raw.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      throw new Invalid('participantIds must be a JSON array of ids', 'participantIds');
    }
  }
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export const conversationRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  // R-LIMIT-6: channel creation per resident; direct conversations are found or made, not counted.
  const channelLimit = limitSubject(app, {
    name: 'channel-create',
    max: app.config.RATE_LIMIT_CHANNELS_PER_HOUR,
    windowMs: 3600_000,
    message: 'You have created too many channels lately.',
  });

  serve(app, 'listConversations', async (request) => ({
    conversations: await listConversations(app, currentUser(request)),
  }));

  serve(app, 'getConversationDetails', async (request) =>
    conversationDetails(app, currentUser(request), request.params.id),
  );

  serve(app, 'createConversation', async (request, reply) => {
    const form = await readForm(request, 'icon', app.config.ATTACHMENT_MAX_BYTES, app.config.UPLOAD_DIR);
    try {
      const body = parseFields(createConversationBodySchema, {
        ...form.fields,
        participantIds: participantIds(form.fields.participantIds),
      });
      const user = currentUser(request);
      if (body.type === 'channel') await channelLimit(request, user.id);
      const result = await createConversation(app, user, body, form.file);
      return reply.status(result.created ? 201 : 200).send({ conversation: result.conversation });
    } finally {
      await discardForm(form);
    }
  });

  serve(app, 'updateConversation', async (request) => {
    const form = await readForm(request, 'icon', app.config.ATTACHMENT_MAX_BYTES, app.config.UPLOAD_DIR);
    try {
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
    } finally {
      await discardForm(form);
    }
  });

  serve(app, 'deleteConversation', async (request, reply) => {
    await deleteConversation(app, currentUser(request), request.params.id);
    return reply.status(204).send(null);
  });

  serve(app, 'markConversationRead', async (request, reply) => {
    await markConversationRead(app, currentUser(request), request.params.id, request.body.seq);
    return reply.status(204).send(null);
  });

  serve(app, 'getConversationReads', async (request) =>
    conversationReads(app, currentUser(request), request.params.id),
  );

  const adminActions: ['flagChannel' | 'unflagChannel' | 'hideChannel', ChannelAdminAction][] = [
    ['flagChannel', 'flag'],
    ['unflagChannel', 'unflag'],
    ['hideChannel', 'hide'],
  ];
  for (const [call, action] of adminActions) {
    serve(app, call, async (request) => ({
      conversation: await channelAdminAction(app, currentUser(request), request.params.id, action),
    }));
  }

  done();
};
