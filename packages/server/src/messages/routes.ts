import type {} from '@fastify/multipart'; // request.parts / isMultipart types
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { sendMessageFieldsSchema, type MessagesPage } from '@stoop/shared';
import { currentUser } from '../auth/guards.ts';
import { chatContext } from '../conversations/context.ts';
import { parseFields } from '../conversations/routes.ts';
import { readForm } from '../files/multipart.ts';
import { serve } from '../http/serve.ts';
import * as service from './service.ts';
import { pageBody } from './page-body.ts';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export const messageRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  serve(app, 'getMessages', async (request, reply) => {
    const page = await service.listMessages(
      chatContext(app),
      currentUser(request),
      request.params.id,
      request.query,
    );
    // Already JSON (page-body.ts): a string with a JSON content type skips the serializer.
    return reply.type(JSON_CONTENT_TYPE).send(pageBody(page) as unknown as MessagesPage);
  });

  serve(app, 'sendMessage', async (request, reply) => {
    const ctx = chatContext(app);
    const form = await readForm(request, 'file', ctx.attachmentMaxBytes);
    const fields = parseFields(sendMessageFieldsSchema, form.fields);
    const result = await service.sendMessage(ctx, currentUser(request), request.params.id, fields, form.file);
    return reply.status(result.created ? 201 : 200).send({ message: result.message });
  });

  serve(app, 'flagMessage', async (request) => ({
    message: await service.flagMessage(
      chatContext(app),
      currentUser(request),
      request.params.id,
      request.body.messageId,
    ),
  }));

  serve(app, 'likeMessage', async (request) => ({
    message: await service.likeMessage(chatContext(app), currentUser(request), request.params.id),
  }));

  serve(app, 'unlikeMessage', async (request) => ({
    message: await service.unlikeMessage(chatContext(app), currentUser(request), request.params.id),
  }));

  serve(app, 'editMessage', async (request) => ({
    message: await service.editMessage(
      chatContext(app),
      currentUser(request),
      request.params.id,
      request.body.content,
    ),
  }));

  serve(app, 'deleteMessage', async (request) => ({
    message: await service.deleteMessage(chatContext(app), currentUser(request), request.params.id),
  }));

  serve(app, 'getThread', async (request) =>
    service.getThread(chatContext(app), currentUser(request), request.params.id),
  );

  serve(app, 'searchMessages', async (request) =>
    service.searchMessages(chatContext(app), currentUser(request), request.query),
  );

  done();
};
