import { z } from 'zod';
import { dateTimeField } from './date-time.ts';
import {
  EVENTS_RANGE_MAX_DAYS,
  EVENT_DESCRIPTION_MAX,
  EVENT_LOCATION_MAX,
  EVENT_TITLE_MAX,
  RSVP_STATUSES,
} from '../constants.ts';
import { eventAbilitiesSchema } from './abilities.ts';
import { idSchema } from './chat.ts';

/** A resident's answer to an event. */
const rsvpStatusSchema = z.enum(RSVP_STATUSES);
export type RsvpStatus = z.infer<typeof rsvpStatusSchema>;

/**
 * An event as everyone who may see it sees it (also the live
 * `event:updated` payload): the answers counted per status and who is going.
 */
export const eventSchema = z.object({
  id: z.string(),
  /** The conversation it was posted in (its card is a message there); null for a building-wide one. */
  conversationId: z.string().nullable(),
  createdBy: z.string().nullable(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  location: z.string(),
  description: z.string(),
  /** The connected iCal source it came from, else null. */
  integrationId: z.string().nullable(),
  createdAt: z.string(),
  /** When it was cancelled (its card says so; lists and reminders drop it), else null. */
  cancelledAt: z.string().nullable(),
  counts: z.object({
    going: z.number().int().nonnegative(),
    maybe: z.number().int().nonnegative(),
    no: z.number().int().nonnegative(),
  }),
  /** Residents who said going, in the order they answered. */
  goingIds: z.array(z.string()),
  /** What this viewer may do with it (`event:updated` carries each viewer's own). */
  abilities: eventAbilitiesSchema.optional(),
});
export type CalendarEvent = z.infer<typeof eventSchema>;

/** An event for one reader: with their own answer (null before they answer). */
const eventViewSchema = eventSchema.extend({ myRsvp: rsvpStatusSchema.nullable() });
export type EventView = z.infer<typeof eventViewSchema>;

const dateTime = (field: string) => dateTimeField(field);

const eventFields = {
  title: z
    .string()
    .trim()
    .min(1, 'An event needs a title')
    .max(EVENT_TITLE_MAX, `A title has at most ${EVENT_TITLE_MAX} characters`),
  startsAt: dateTime('startsAt'),
  endsAt: dateTime('endsAt'),
  location: z
    .string()
    .trim()
    .min(1, 'An event needs a location')
    .max(EVENT_LOCATION_MAX, `A location has at most ${EVENT_LOCATION_MAX} characters`),
  description: z
    .string()
    .trim()
    .max(EVENT_DESCRIPTION_MAX, `A description has at most ${EVENT_DESCRIPTION_MAX} characters`),
};

/** POST /api/events (R-EVENT-5). */
export const createEventBodySchema = z
  .object({
    ...eventFields,
    description: eventFields.description.default(''),
    /** Post it into this conversation (as an event card); absent for an event of the whole building. */
    conversationId: idSchema.nullish(),
  })
  .refine((body) => Date.parse(body.endsAt) > Date.parse(body.startsAt), {
    message: 'endsAt must be after startsAt',
    path: ['endsAt'],
  });
export type CreateEventBody = z.infer<typeof createEventBodySchema>;

/**
 * PATCH /api/events/{id}: the fields to change, validated as on create. When only one
 * of startsAt and endsAt is sent, the server checks it against the stored other one.
 */
export const updateEventBodySchema = z
  .object({
    title: eventFields.title.optional(),
    startsAt: eventFields.startsAt.optional(),
    endsAt: eventFields.endsAt.optional(),
    location: eventFields.location.optional(),
    description: eventFields.description.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Nothing to change')
  .refine((body) => !body.startsAt || !body.endsAt || Date.parse(body.endsAt) > Date.parse(body.startsAt), {
    message: 'endsAt must be after startsAt',
    path: ['endsAt'],
  });
export type UpdateEventBody = z.infer<typeof updateEventBodySchema>;

/** POST /api/events/{id}/rsvp. */
export const rsvpBodySchema = z.object({
  status: rsvpStatusSchema.describe('going, maybe or no'),
});
export type RsvpBody = z.infer<typeof rsvpBodySchema>;

/** GET /api/events: events overlapping [from, to); from defaults to now. */
export const eventsQuerySchema = z
  .object({
    from: dateTime('from').optional(),
    to: dateTime('to').optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) > Date.parse(q.from), {
    message: 'to must be after from',
    path: ['to'],
  })
  .refine(
    (q) => !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) <= EVENTS_RANGE_MAX_DAYS * 24 * 3600_000,
    { message: `A range spans at most ${EVENTS_RANGE_MAX_DAYS} days`, path: ['to'] },
  );
export type EventsQuery = z.infer<typeof eventsQuerySchema>;

export const eventIdParamsSchema = z.object({ id: idSchema });
export const eventResponseSchema = z.object({ event: eventViewSchema });
export const eventsListSchema = z.object({ events: z.array(eventViewSchema) });

/** The resident's calendar feed address (its token is the only credential). */
export const calendarFeedUrlSchema = z.object({ url: z.string() });
export const calendarFeedParamsSchema = z.object({ token: z.string().min(1).max(200) });
