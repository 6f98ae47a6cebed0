import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_REMINDER_LEAD_MINUTES,
  calendarFeedUrlSchema,
  eventResponseSchema,
  eventsListSchema,
  messagesPageSchema,
  type CalendarEvent,
  type EventView,
} from '@stoop/shared';
import { notificationsOf } from '../notifications/testing.ts';
import { connected, until, type Recorder } from '../realtime/testing.ts';
import { createChatCommunity, headersOf } from '../test/community.ts';
import { csrfHeaders, type AuthHeaders, type TestApp } from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';
import { sendDueReminders } from './service.ts';
import { HOUR, at, createEventAs } from './testing.ts';

let t: TestApp;
let url: string;
let admin: AuthHeaders, alice: AuthHeaders, bob: AuthHeaders, carol: AuthHeaders, locked: AuthHeaders;
let channelId: string, directId: string;
const sockets: Recorder[] = [];

const ONLY_CREATOR = 'Only the resident who created this event, or an admin, can change or cancel it';

beforeAll(async () => {
  const c = await createChatCommunity();
  t = c;
  ({ url, channelId, directId } = c);
  ({ admin, alice, bob, carol, locked } = headersOf(c.people));
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t.close();
});

const createEvent = (patch: Record<string, unknown> = {}, headers = alice): Promise<EventView> =>
  createEventAs(t.app, headers, patch);

const edit = (headers: AuthHeaders, id: string, body: unknown) =>
  call(t.app, 'PATCH', `/api/events/${id}`, body, headers);
const cancel = (headers: AuthHeaders, id: string) =>
  call(t.app, 'DELETE', `/api/events/${id}`, undefined, headers);
const answer = (headers: AuthHeaders, id: string, status: string) =>
  call(t.app, 'POST', `/api/events/${id}/rsvp`, { status }, headers);

function eventOf(res: { statusCode: number; body: string; json: () => unknown }): EventView {
  expect(res.statusCode, res.body).toBe(200);
  return eventResponseSchema.parse(res.json()).event;
}

async function listed(headers: AuthHeaders): Promise<string[]> {
  const res = await call(t.app, 'GET', '/api/events', undefined, headers);
  return eventsListSchema.parse(res.json()).events.map((e) => e.id);
}

describe('PATCH and DELETE /api/events/{id}: who may (R-EVENT-11)', () => {
  it('anonymous 401, locked 403, another resident 403, the creator and an admin 200', async () => {
    const event = await createEvent({ conversationId: channelId });
    for (const run of [
      (h: AuthHeaders) => edit(h, event.id, { title: 'Changed' }),
      (h: AuthHeaders) => cancel(h, event.id),
    ]) {
      expectError(await run(csrfHeaders(t.app)), 401);
      expectError(await run(locked), 403);
      expectError(await run(bob), 403, { message: ONLY_CREATOR });
    }
    expect(eventOf(await edit(alice, event.id, { title: 'By the creator' })).title).toBe('By the creator');
    expect(eventOf(await edit(admin, event.id, { location: 'Lobby' })).location).toBe('Lobby');
    const other = await createEvent();
    expect(eventOf(await cancel(admin, other.id)).cancelledAt).not.toBeNull();
    expect(eventOf(await cancel(alice, event.id)).cancelledAt).not.toBeNull();
  });

  it('a direct conversation’s event stays 404 to non-participants, admins included', async () => {
    const event = await createEvent({ conversationId: directId });
    for (const outsider of [carol, admin]) {
      expectError(await edit(outsider, event.id, { title: 'Mine now' }), 404, { message: 'Event not found' });
      expectError(await cancel(outsider, event.id), 404, { message: 'Event not found' });
    }
    // The other participant may read it but did not create it.
    expectError(await edit(bob, event.id, { title: 'Mine now' }), 403, { message: ONLY_CREATOR });
    expectError(await cancel(alice, '0190a000-0000-7000-8000-000000000000'), 404);
    expectError(await cancel(alice, 'not-an-event'), 404);
  });
});

describe('PATCH /api/events/{id}: the card’s message follows the title (R-EVENT-12)', () => {
  it('a new title renames the message carrying the card, so search finds it by the new one', async () => {
    const event = await createEvent({ conversationId: channelId, title: 'Bike repair morning' });
    expect(eventOf(await edit(alice, event.id, { title: 'Bike repair afternoon' })).title).toBe(
      'Bike repair afternoon',
    );
    const page = messagesPageSchema.parse(
      (await call(t.app, 'GET', `/api/conversations/${channelId}/messages?limit=50`, undefined, bob)).json(),
    );
    const card = page.messages.find((m) => m.eventId === event.id);
    expect(card?.content).toBe('Bike repair afternoon');
    expect(card?.updatedAt).toBe(card?.createdAt);
    const found = await call(t.app, 'GET', '/api/messages/search?q=afternoon', undefined, bob);
    expect(found.json<{ messages: { eventId: string | null }[] }>().messages.map((m) => m.eventId)).toContain(
      event.id,
    );
  });
});

describe('PATCH /api/events/{id}: validation (R-EVENT-5, R-EVENT-11)', () => {
  it.each([
    ['title', 'An event needs a title', { title: ' ' }],
    ['location', 'A location has at most 200 characters', { location: 'x'.repeat(201) }],
    ['startsAt', 'startsAt must be a date and time (ISO 8601)', { startsAt: 'tomorrow' }],
    ['endsAt', 'endsAt must be after startsAt', { startsAt: at(30 * HOUR), endsAt: at(29 * HOUR) }],
    ['endsAt', 'endsAt must be after startsAt', { endsAt: at(23 * HOUR) }],
    ['endsAt', 'endsAt must be after startsAt', { startsAt: at(27 * HOUR) }],
    ['description', 'A description has at most 5000 characters', { description: 'x'.repeat(5001) }],
  ])('refuses a bad %s with 400 saying "%s"', async (field, message, body) => {
    const event = await createEvent();
    const error = expectError(await edit(alice, event.id, body), 400, { field });
    expect(error.message).toContain(message);
  });

  it('an empty change is 400 "Nothing to change"; a lone new start that fits is kept', async () => {
    const event = await createEvent();
    expect(expectError(await edit(alice, event.id, {}), 400).message).toContain('Nothing to change');
    const startsAt = new Date(Date.parse(event.startsAt) + HOUR).toISOString();
    const moved = eventOf(await edit(alice, event.id, { startsAt }));
    expect(moved.startsAt).toBe(startsAt);
    expect(moved.endsAt).toBe(event.endsAt);
    expect(moved.myRsvp).toBe('going');
  });
});

describe('a cancelled event (R-EVENT-11)', () => {
  it('leaves the list, takes no answer or change (409), and is STATUS:CANCELLED in its .ics and the feed', async () => {
    const event = await createEvent({ title: 'Bake sale' });
    expect(eventOf(await answer(bob, event.id, 'going')).counts.going).toBe(2);
    const feedUrl = calendarFeedUrlSchema.parse(
      (await call(t.app, 'GET', '/api/calendar/feed-url', undefined, bob)).json(),
    ).url;
    const cancelled = eventOf(await cancel(alice, event.id));
    expect(cancelled.cancelledAt).toMatch(/^\d{4}-/);
    expect(await listed(bob)).not.toContain(event.id);
    const read = await call(t.app, 'GET', `/api/events/${event.id}`, undefined, bob);
    expect(eventOf(read).cancelledAt).toBe(cancelled.cancelledAt);
    const refused = { message: 'This event is cancelled' };
    expectError(await answer(bob, event.id, 'maybe'), 409, refused);
    expectError(await edit(alice, event.id, { title: 'Back on' }), 409, refused);
    expectError(await cancel(alice, event.id), 409, refused);

    const ics = await call(t.app, 'GET', `/api/events/${event.id}.ics`, undefined, bob);
    expect(ics.body.split('\r\n')).toContain('STATUS:CANCELLED');
    const feed = await call(t.app, 'GET', new URL(feedUrl).pathname);
    const unfolded = feed.body.replace(/\r\n /g, '');
    const vevent = unfolded.split('BEGIN:VEVENT').find((part) => part.includes('SUMMARY:Bake sale'));
    expect(vevent).toContain('STATUS:CANCELLED');
  });
});

describe('live, notified, reminded anew (R-EVENT-12)', () => {
  const updated = (r: Recorder) => (r.of('event:updated') as { event: CalendarEvent }[]).map((p) => p.event);
  const toldOf = async (headers: AuthHeaders, eventId: string) =>
    (await notificationsOf(t.app, headers)).data.filter(
      (n) => n.type === 'event' && n.link === `/main_dashboard/events/${eventId}`,
    );

  it('a change and a cancellation reach the conversation’s sockets, and a building-wide one everyone’s', async () => {
    const [bobSocket, carolSocket] = await Promise.all([
      connected(url, bob.cookie),
      connected(url, carol.cookie),
    ]);
    sockets.push(bobSocket, carolSocket);

    const direct = await createEvent({ conversationId: directId });
    eventOf(await edit(alice, direct.id, { title: 'Just us, later' }));
    await until(() => updated(bobSocket).some((e) => e.id === direct.id && e.title === 'Just us, later'));

    const building = await createEvent();
    eventOf(await cancel(alice, building.id));
    await until(() => updated(carolSocket).some((e) => e.id === building.id && e.cancelledAt !== null));
    await until(() => updated(bobSocket).some((e) => e.id === building.id && e.cancelledAt !== null));
    // Carol has the building-wide one, sent after the direct one: the direct one never reached her.
    expect(updated(carolSocket).some((e) => e.id === direct.id)).toBe(false);
    expect(updated(bobSocket).find((e) => e.id === direct.id)).not.toHaveProperty('myRsvp');
  });

  it('those going or maybe are told of a change and of the cancellation; no, and the one who made it, are not', async () => {
    const event = await createEvent({ title: 'Garden day', conversationId: channelId });
    await answer(bob, event.id, 'maybe');
    await answer(carol, event.id, 'no');
    eventOf(await edit(admin, event.id, { location: 'Back garden' }));
    eventOf(await cancel(admin, event.id));
    expect((await toldOf(bob, event.id)).map((n) => n.text)).toEqual([
      '“Garden day” was cancelled',
      '“Garden day” has changed: see its new time and place',
    ]);
    expect(await toldOf(alice, event.id)).toHaveLength(2);
    expect(await toldOf(carol, event.id)).toHaveLength(0);
    expect(await toldOf(admin, event.id)).toHaveLength(0);
  });

  it('a moved event is reminded again before its new start; a cancelled one is not reminded', async () => {
    const lead = (EVENT_REMINDER_LEAD_MINUTES - 1) * 60_000;
    const firstStart = new Date(Date.now() + 3 * HOUR);
    const event = await createEvent({
      title: 'Boiler tour',
      startsAt: firstStart.toISOString(),
      endsAt: new Date(firstStart.getTime() + HOUR).toISOString(),
    });
    await answer(bob, event.id, 'going');
    expect(await sendDueReminders(t.app, new Date(firstStart.getTime() - lead))).toBeGreaterThanOrEqual(2);
    const reminders = async () => (await toldOf(bob, event.id)).filter((n) => n.text.includes('starts in'));
    expect(await reminders()).toHaveLength(1);

    const newStart = new Date(firstStart.getTime() + 24 * HOUR);
    eventOf(
      await edit(alice, event.id, {
        startsAt: newStart.toISOString(),
        endsAt: new Date(newStart.getTime() + HOUR).toISOString(),
      }),
    );
    await sendDueReminders(t.app, new Date(newStart.getTime() - lead));
    expect(await reminders()).toHaveLength(2);

    const dropped = await createEvent({
      startsAt: firstStart.toISOString(),
      endsAt: new Date(firstStart.getTime() + HOUR).toISOString(),
    });
    await answer(bob, dropped.id, 'going');
    eventOf(await cancel(alice, dropped.id));
    await sendDueReminders(t.app, new Date(firstStart.getTime() - lead));
    expect((await toldOf(bob, dropped.id)).filter((n) => n.text.includes('starts in'))).toHaveLength(0);
  });
});
