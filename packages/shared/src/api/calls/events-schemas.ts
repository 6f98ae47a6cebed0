/** The schemas of the calls of building life: events with RSVP (R-EVENT), keyed like ./events-routes.ts. */
import {
  calendarFeedParamsSchema,
  calendarFeedUrlSchema,
  createEventBodySchema,
  eventIdParamsSchema,
  eventResponseSchema,
  eventsListSchema,
  eventsQuerySchema,
  rsvpBodySchema,
  updateEventBodySchema,
} from '../../schemas/calendar.ts';
import { type RouteSchemas, error, guarded } from './contract-parts.ts';

export const eventsSchemas = {
  createEvent: { body: createEventBodySchema, response: { 201: eventResponseSchema, ...guarded } },
  listEvents: { query: eventsQuerySchema, response: { 200: eventsListSchema, ...guarded } },
  getEvent: { params: eventIdParamsSchema, response: { 200: eventResponseSchema, ...guarded } },
  rsvpEvent: {
    params: eventIdParamsSchema,
    body: rsvpBodySchema,
    response: { 200: eventResponseSchema, ...guarded },
  },
  getEventIcs: { params: eventIdParamsSchema, response: {} },
  getCalendarFeedUrl: { response: { 200: calendarFeedUrlSchema, ...guarded } },
  rotateCalendarFeedUrl: { response: { 200: calendarFeedUrlSchema, ...guarded } },
  getCalendarFeed: { params: calendarFeedParamsSchema, response: {} },
  updateEvent: {
    params: eventIdParamsSchema,
    body: updateEventBodySchema,
    response: { 200: eventResponseSchema, 409: error, ...guarded },
  },
  cancelEvent: {
    params: eventIdParamsSchema,
    response: { 200: eventResponseSchema, 409: error, ...guarded },
  },
} as const satisfies Record<string, RouteSchemas>;
