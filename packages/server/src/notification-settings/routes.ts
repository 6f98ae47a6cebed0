import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/http/guards.ts';
import { serve } from '../http/serve.ts';
import * as service from './service.ts';

/** R-REACH-7: a resident's notification settings and the mails' one-click unsubscribe. */
export const notificationSettingsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` as a form; the token says who.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, next) =>
    next(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  serve(app, 'getNotificationSettings', async (request) => ({
    settings: await service.getSettings(app, currentUser(request)),
  }));
  serve(app, 'updateNotificationSettings', async (request) => ({
    settings: await service.putSettings(app, currentUser(request), request.body),
  }));
  serve(app, 'unsubscribeMail', async (request) => {
    await service.unsubscribe(app, request.query.token);
    return { unsubscribed: true as const };
  });
  done();
};
