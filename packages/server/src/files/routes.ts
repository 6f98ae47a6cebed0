import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/http/guards.ts';
import { serve } from '../http/serve.ts';
import { downloadFile } from './service.ts';

/** RFC 6266: an ASCII fallback plus the UTF-8 name, so "Grünstraße.pdf" survives. */
function contentDisposition(fileName: string, inline: boolean): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const fileRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  for (const thumbnail of [false, true]) {
    serve(app, thumbnail ? 'getFileThumbnail' : 'getFile', async (request, reply) => {
      const file = await downloadFile(
        app.db,
        app.config.UPLOAD_DIR,
        currentUser(request),
        request.params.id,
        thumbnail,
      );
      return reply
        .type(file.mimeType)
        .header('content-disposition', contentDisposition(file.fileName, file.inline))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.body);
    });
  }
  done();
};
