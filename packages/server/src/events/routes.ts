import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/http/guards.ts';
import { serve } from '../http/serve.ts';
import * as service from './service.ts';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/** Events with RSVP (R-EVENT): created, listed, answered, and taken to calendars. */
export const eventRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  // The feed's address: PUBLIC_URL when set, else the address this call came to.
  const origin = (request: FastifyRequest) =>
    app.config.PUBLIC_URL?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;

  serve(app, 'createEvent', async (request, reply) => {
    const event = await service.createEvent(app, currentUser(request), request.body);
    return reply.status(201).send({ event });
  });
  serve(app, 'listEvents', async (request) => ({
    events: await service.listEvents(app, currentUser(request), request.query),
  }));
  serve(app, 'getEvent', async (request) => ({
    event: await service.getEvent(app, currentUser(request), request.params.id),
  }));
  serve(app, 'rsvpEvent', async (request) => ({
    event: await service.rsvp(app, currentUser(request), request.params.id, request.body),
  }));
  serve(app, 'updateEvent', async (request) => ({
    event: await service.updateEvent(app, currentUser(request), request.params.id, request.body),
  }));
  serve(app, 'cancelEvent', async (request) => ({
    event: await service.cancelEvent(app, currentUser(request), request.params.id),
  }));
  serve(app, 'getEventIcs', async (request, reply) => {
    const file = await service.eventIcs(app, currentUser(request), request.params.id);
    return reply
      .type(CALENDAR_TYPE)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(file.body);
  });
  serve(app, 'getCalendarFeedUrl', async (request) => ({
    url: await service.calendarFeedUrl(app, currentUser(request), origin(request)),
  }));
  serve(app, 'rotateCalendarFeedUrl', async (request) => ({
    url: await service.rotateCalendarFeed(app, currentUser(request), origin(request)),
  }));
  serve(app, 'getCalendarFeed', async (request, reply) => {
    const body = await service.calendarFeed(app, request.params.token);
    return reply
      .type(CALENDAR_TYPE)
      .header('content-disposition', 'inline; filename="stoop.ics"')
      .header('cache-control', 'private, no-store')
      .send(body);
  });
  done();
};
