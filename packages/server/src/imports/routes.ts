import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { importFieldsSchema, importPreviewFieldsSchema } from '@stoop/shared';
import { currentUser } from '../auth/http/guards.ts';
import { discardForm, readForm } from '../files/http/multipart.ts';
import { Invalid } from '../errors.ts';
import { parseFields } from '../http/fields.ts';
import { serve } from '../http/serve.ts';
import * as imports from './service.ts';

/** WhatsApp history import, admins only (the route table's access rule). */
export const importRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const readExport = async (request: Parameters<typeof readForm>[0]) => {
    const form = await readForm(request, 'file', app.config.IMPORT_MAX_BYTES, app.config.UPLOAD_DIR);
    if (!form.file) {
      await discardForm(form);
      throw new Invalid('file: attach the exported chat (.txt) or the zip WhatsApp made with media', 'file');
    }
    return { form, file: form.file };
  };

  serve(app, 'previewWhatsappImport', async (request) => {
    const { form, file } = await readExport(request);
    try {
      const { timeZone } = parseFields(importPreviewFieldsSchema, form.fields);
      return await imports.previewImport(app, file, timeZone);
    } finally {
      await discardForm(form);
    }
  });

  serve(app, 'importWhatsapp', async (request, reply) => {
    const { form, file } = await readExport(request);
    try {
      const fields = parseFields(importFieldsSchema, form.fields);
      const result = await imports.importWhatsapp(app, currentUser(request), file, fields);
      return reply.status(201).send(result);
    } finally {
      await discardForm(form);
    }
  });

  serve(app, 'listImports', async () => ({ data: await imports.listImports(app) }));

  serve(app, 'undoImport', async (request, reply) => {
    await imports.undoImport(app, currentUser(request), request.params.id);
    return reply.status(204).send(null);
  });
  done();
};
