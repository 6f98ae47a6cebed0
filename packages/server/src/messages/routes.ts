import type {} from '@fastify/multipart'; // request.parts / isMultipart types
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { sendMessageFieldsSchema, type MessagesPage } from '@stoop/shared';
import { currentUser } from '../auth/http/guards.ts';
import { parseFields } from '../http/fields.ts';
import { discardForm, readForm } from '../files/http/multipart.ts';
import { limitBy } from '../http/rate-limit.ts';
import { serve } from '../http/serve.ts';
import * as service from './service.ts';
import { changeReaction } from './reactions.ts';
import { removeLinkPreview } from './link-preview.ts';
import { pageBody } from './page-body.ts';
import { searchMessages } from './search.ts';
import { sendAdmission } from './http/admission.ts';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export const messageRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  // R-LIMIT-5: one resident flooding a conversation is slowed; everyone else sends on.
  const sendLimit = limitBy(app, [
    {
      name: 'send',
      max: app.config.RATE_LIMIT_SENDS_PER_CONVERSATION_PER_MINUTE,
      windowMs: 60_000,
      key: (request) => {
        const { id } = request.params as { id?: string };
        return request.user && id ? `${request.user.id}:${id}` : undefined;
      },
      message: 'You are sending messages too fast in this conversation. Wait a moment.',
    },
  ]);

  serve(app, 'getMessages', async (request, reply) => {
    const page = await service.listMessages(app, currentUser(request), request.params.id, request.query);
    // Already JSON (page-body.ts): a string with a JSON content type skips the serializer.
    return reply.type(JSON_CONTENT_TYPE).send(pageBody(page) as unknown as MessagesPage);
  });

  serve(
    app,
    'sendMessage',
    async (request, reply) => {
      const form = await readForm(request, 'file', app.config.ATTACHMENT_MAX_BYTES, app.config.UPLOAD_DIR);
      try {
        const fields = parseFields(sendMessageFieldsSchema, form.fields);
        const result = await service.sendMessage(
          app,
          currentUser(request),
          request.params.id,
          fields,
          form.file,
        );
        return reply.status(result.created ? 201 : 200).send({ message: result.message });
      } finally {
        await discardForm(form);
      }
    },
    {
      onRequest: sendAdmission(app, app.config.SEND_QUEUE_LIMIT, app.config.SEND_QUEUE_MAX_LAG_MS),
      preValidation: sendLimit,
    },
  );

  serve(app, 'flagMessage', async (request) => ({
    message: await service.flagMessage(
      app,
      currentUser(request),
      request.params.id,
      request.body.messageId,
      request.body.reason ?? null,
      request.body.note ?? null,
    ),
  }));

  serve(app, 'withdrawFlag', async (request) => ({
    message: await service.withdrawFlag(
      app,
      currentUser(request),
      request.params.id,
      request.params.messageId,
    ),
  }));

  serve(app, 'likeMessage', async (request) => ({
    message: await service.likeMessage(app, currentUser(request), request.params.id),
  }));

  serve(app, 'unlikeMessage', async (request) => ({
    message: await service.unlikeMessage(app, currentUser(request), request.params.id),
  }));

  serve(app, 'addReaction', async (request) => ({
    message: await changeReaction(app, currentUser(request), request.params.id, request.body.emoji, true),
  }));

  serve(app, 'removeReaction', async (request) => ({
    message: await changeReaction(app, currentUser(request), request.params.id, request.params.emoji, false),
  }));

  serve(app, 'removeLinkPreview', async (request) => ({
    message: await removeLinkPreview(app, currentUser(request), request.params.id),
  }));

  serve(app, 'editMessage', async (request) => ({
    message: await service.editMessage(app, currentUser(request), request.params.id, request.body.content),
  }));

  serve(app, 'deleteMessage', async (request) => ({
    message: await service.deleteMessage(app, currentUser(request), request.params.id),
  }));

  serve(app, 'getThread', async (request) => service.getThread(app, currentUser(request), request.params.id));

  serve(app, 'searchMessages', async (request) => searchMessages(app, currentUser(request), request.query));

  done();
};
