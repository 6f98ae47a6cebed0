import type {} from '@fastify/multipart'; // request.parts / isMultipart types
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { REQUEST_PHOTO_MAX_BYTES, createRequestFieldsSchema } from '@stoop/shared';
import { currentUser } from '../auth/http/guards.ts';
import { discardForm, readForm } from '../files/http/multipart.ts';
import { parseFields } from '../http/fields.ts';
import { serve } from '../http/serve.ts';
import * as service from './service.ts';

/** Building requests to the office (R-REQ): residents file and follow theirs, admins work the queue. */
export const requestRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  serve(app, 'listRequests', async (request) =>
    service.listRequests(app, currentUser(request), request.query),
  );
  serve(app, 'createRequest', async (request, reply) => {
    const form = await readForm(request, 'photo', REQUEST_PHOTO_MAX_BYTES, app.config.UPLOAD_DIR);
    try {
      const fields = parseFields(createRequestFieldsSchema, form.fields);
      const detail = await service.createRequest(app, currentUser(request), fields, form.file);
      return reply.status(201).send(detail);
    } finally {
      await discardForm(form);
    }
  });
  serve(app, 'getRequest', async (request) =>
    service.getRequest(app, currentUser(request), request.params.id),
  );
  serve(app, 'updateRequest', async (request) =>
    service.changeStatus(app, currentUser(request), request.params.id, request.body),
  );
  serve(app, 'cancelRequest', async (request) =>
    service.cancelRequest(app, currentUser(request), request.params.id),
  );
  serve(app, 'commentOnRequest', async (request, reply) => {
    const detail = await service.commentOnRequest(
      app,
      currentUser(request),
      request.params.id,
      request.body.text,
    );
    return reply.status(201).send(detail);
  });
  serve(app, 'getRequestPhoto', async (request, reply) => {
    const photo = await service.requestPhoto(app, currentUser(request), request.params.id);
    return reply
      .type(photo.mimeType)
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(photo.body);
  });
  done();
};
