import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  EVENT_REMINDER_LEAD_MINUTES,
  calendarFeedUrlSchema,
  eventResponseSchema,
  eventsListSchema,
  messagesPageSchema,
  type CalendarEvent,
  type EventView,
} from '@stoop/shared';
import { eventReminders, events } from '../db/schema/index.ts';
import { notificationsOf } from '../notifications/testing.ts';
import { connected, until, type Recorder } from '../realtime/testing.ts';
import { createChatCommunity, headersOf, idsOf } from '../test/community.ts';
import { csrfHeaders, makeUser, sessionFor, type AuthHeaders, type TestApp } from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';
import { EventReminderScheduler } from './reminders.ts';
import { sendDueReminders } from './service.ts';
import { HOUR, at, createEventAs, postEvent } from './testing.ts';

let t: TestApp;
let url: string;
let admin: AuthHeaders, alice: AuthHeaders, bob: AuthHeaders, carol: AuthHeaders, locked: AuthHeaders;
let aliceId: string, bobId: string;
let channelId: string, directId: string;

beforeAll(async () => {
  const c = await createChatCommunity();
  t = c;
  ({ url, channelId, directId } = c);
  ({ admin, alice, bob, carol, locked } = headersOf(c.people));
  ({ alice: aliceId, bob: bobId } = idsOf(c.people));
});
afterAll(async () => t.close());

const create = (headers: AuthHeaders, patch: Record<string, unknown> = {}) =>
  postEvent(t.app, headers, patch);
const createEvent = (patch: Record<string, unknown> = {}, headers = alice): Promise<EventView> =>
  createEventAs(t.app, headers, patch);

const answer = (headers: AuthHeaders, id: string, status: unknown) =>
  call(t.app, 'POST', `/api/events/${id}/rsvp`, { status }, headers);

async function read(headers: AuthHeaders, id: string): Promise<EventView> {
  const res = await call(t.app, 'GET', `/api/events/${id}`, undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  return eventResponseSchema.parse(res.json()).event;
}

async function list(headers: AuthHeaders, query = ''): Promise<EventView[]> {
  const res = await call(t.app, 'GET', `/api/events${query}`, undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  return eventsListSchema.parse(res.json()).events;
}

describe('POST /api/events (R-EVENT-1, R-EVENT-2, R-EVENT-5)', () => {
  it('a resident creates a building-wide event (201); the creator is going', async () => {
    const event = await createEvent();
    expect(event).toMatchObject({
      conversationId: null,
      createdBy: aliceId,
      title: 'Rooftop movie night',
      location: 'Roof terrace',
      integrationId: null,
      counts: { going: 1, maybe: 0, no: 0 },
      goingIds: [aliceId],
      myRsvp: 'going',
    });
    expect((await read(bob, event.id)).myRsvp).toBeNull();
  });

  it('one posted into a channel also appears there as an event card message', async () => {
    const event = await createEvent({ conversationId: channelId });
    expect(event.conversationId).toBe(channelId);
    const page = await call(t.app, 'GET', `/api/conversations/${channelId}/messages`, undefined, bob);
    const messages = messagesPageSchema.parse(page.json()).messages;
    expect(messages.at(-1)).toMatchObject({ eventId: event.id, content: event.title, userId: aliceId });
  });

  const SAME_INSTANT = at(24 * HOUR);
  it.each([
    ['title', 'An event needs a title', { title: '' }],
    ['title', 'A title has at most 200 characters', { title: 'x'.repeat(201) }],
    ['location', 'An event needs a location', { location: '  ' }],
    ['startsAt', 'startsAt must be a date and time (ISO 8601)', { startsAt: 'tomorrow' }],
    ['endsAt', '', { endsAt: undefined }],
    ['endsAt', 'endsAt must be after startsAt', { endsAt: at(23 * HOUR) }],
    // One instant for both: two calls of at() may fall a millisecond apart.
    ['endsAt', 'endsAt must be after startsAt', { startsAt: SAME_INSTANT, endsAt: SAME_INSTANT }],
    ['description', 'A description has at most 5000 characters', { description: 'x'.repeat(5001) }],
  ])('refuses a bad %s with 400 saying "%s"', async (field, message, patch) => {
    const error = expectError(await create(alice, patch), 400, { field });
    expect(error.message).toContain(message);
  });

  it('anonymous 401, locked 403; a conversation one may not post in is 404, admins included for a direct one', async () => {
    expectError(await create(csrfHeaders(t.app)), 401);
    expectError(await create(locked), 403);
    expectError(await create(carol, { conversationId: directId }), 404);
    expectError(await create(admin, { conversationId: directId }), 404);
    expectError(await create(alice, { conversationId: 'not-a-conversation' }), 404);
    expect((await create(admin, { conversationId: channelId })).statusCode).toBe(201);
    expect((await create(bob, { conversationId: directId })).statusCode).toBe(201);
    expect((await create(admin)).statusCode).toBe(201);
  });
});

describe('GET /api/events/{id} and POST /api/events/{id}/rsvp (R-EVENT-2, R-EVENT-3, R-EVENT-4)', () => {
  it('one answer per resident, changeable; counts and who is going for all, the own answer for each', async () => {
    const event = await createEvent({ conversationId: channelId });
    const first = await answer(bob, event.id, 'maybe');
    expect(first.statusCode, first.body).toBe(200);
    expect(eventResponseSchema.parse(first.json()).event).toMatchObject({
      myRsvp: 'maybe',
      counts: { going: 1, maybe: 1, no: 0 },
    });
    await answer(bob, event.id, 'going');
    await answer(carol, event.id, 'no');
    const seen = await read(admin, event.id);
    expect(seen.counts).toEqual({ going: 2, maybe: 0, no: 1 });
    expect(seen.goingIds).toEqual([aliceId, bobId]);
    expect(seen.myRsvp).toBeNull();
    expect((await read(bob, event.id)).myRsvp).toBe('going');
    expect((await read(carol, event.id)).myRsvp).toBe('no');
  });

  it('a status other than going, maybe or no is 400; an event that ended is 409', async () => {
    const event = await createEvent();
    expectError(await answer(bob, event.id, 'perhaps'), 400, { field: 'status' });
    expectError(await call(t.app, 'POST', `/api/events/${event.id}/rsvp`, {}, bob), 400, { field: 'status' });
    await t.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 2 * HOUR), endsAt: new Date(Date.now() - HOUR) })
      .where(eq(events.id, event.id));
    expectError(await answer(bob, event.id, 'going'), 409, {
      message: 'This event is over and takes no more answers',
    });
  });

  it('a direct conversation’s event never reaches a non-participant (404 "Event not found"), not even an admin', async () => {
    const event = await createEvent({ conversationId: directId });
    for (const outsider of [carol, admin]) {
      expectError(await call(t.app, 'GET', `/api/events/${event.id}`, undefined, outsider), 404, {
        message: 'Event not found',
      });
      expectError(await answer(outsider, event.id, 'going'), 404, { message: 'Event not found' });
      expectError(await call(t.app, 'GET', `/api/events/${event.id}.ics`, undefined, outsider), 404);
      expect((await list(outsider)).map((e) => e.id)).not.toContain(event.id);
    }
    expect((await answer(bob, event.id, 'going')).statusCode).toBe(200);
    expect((await list(bob)).map((e) => e.id)).toContain(event.id);
  });

  it('anonymous 401 and locked 403 on every call; a malformed or unknown id is 404', async () => {
    const event = await createEvent();
    const calls = [
      ['GET', `/api/events/${event.id}`],
      ['GET', `/api/events/${event.id}.ics`],
      ['GET', '/api/events'],
      ['GET', '/api/calendar/feed-url'],
      ['POST', '/api/calendar/feed-url'],
    ] as const;
    for (const [method, path] of calls) {
      expectError(await call(t.app, method, path, undefined, csrfHeaders(t.app)), 401);
      expectError(await call(t.app, method, path, undefined, locked), 403);
    }
    expectError(await answer(csrfHeaders(t.app), event.id, 'going'), 401);
    expectError(await answer(locked, event.id, 'going'), 403);
    expectError(await call(t.app, 'GET', '/api/events/not-an-event', undefined, bob), 404);
    expectError(await answer(bob, '0190a000-0000-7000-8000-000000000000', 'going'), 404);
    // Admins are residents here: every call answers them too.
    expect((await answer(admin, event.id, 'maybe')).statusCode).toBe(200);
    for (const [method, path] of calls)
      expect((await call(t.app, method, path, undefined, admin)).statusCode).toBe(200);
  });
});

describe('GET /api/events (R-EVENT-4)', () => {
  it('lists the visible events overlapping the range, by start, with counts and the own answer', async () => {
    const from = new Date(Date.now() + 400 * HOUR);
    const later = await createEvent({
      title: 'Later',
      startsAt: new Date(from.getTime() + 5 * HOUR).toISOString(),
      endsAt: new Date(from.getTime() + 6 * HOUR).toISOString(),
    });
    const sooner = await createEvent({
      title: 'Sooner',
      conversationId: channelId,
      startsAt: new Date(from.getTime() + HOUR).toISOString(),
      endsAt: new Date(from.getTime() + 2 * HOUR).toISOString(),
    });
    const outside = await createEvent({
      title: 'Outside',
      startsAt: new Date(from.getTime() + 50 * HOUR).toISOString(),
      endsAt: new Date(from.getTime() + 51 * HOUR).toISOString(),
    });
    await answer(bob, later.id, 'maybe');
    const query = `?from=${from.toISOString()}&to=${new Date(from.getTime() + 24 * HOUR).toISOString()}`;
    const seen = await list(bob, query);
    expect(seen.map((e) => e.title)).toEqual(['Sooner', 'Later']);
    expect(seen[1]).toMatchObject({ myRsvp: 'maybe', counts: { going: 1, maybe: 1, no: 0 } });
    expect(seen.map((e) => e.id)).not.toContain(outside.id);
    expect((await list(admin, query)).map((e) => e.id)).toEqual([sooner.id, later.id]);
  });

  it('refuses a bad range with 400', async () => {
    expectError(await call(t.app, 'GET', '/api/events?from=soon', undefined, bob), 400, { field: 'from' });
    const from = new Date();
    expectError(
      await call(
        t.app,
        'GET',
        `/api/events?from=${from.toISOString()}&to=${new Date(from.getTime() - HOUR).toISOString()}`,
        undefined,
        bob,
      ),
      400,
      { field: 'to', message: 'to (querystring): to must be after from' },
    );
  });

  it('R-API-41: a date beyond the years 1970 to 2999 is a 400 naming its field (it was a 500)', async () => {
    for (const [field, value] of [
      ['from', '9999-12-31T23:59:59Z'],
      ['from', '0001-01-01T00:00:00Z'],
      ['to', '0000-01-01T00:00:00Z'],
      ['to', '3000-01-01T00:00:00Z'],
    ] as const) {
      const res = await call(t.app, 'GET', `/api/events?${field}=${value}`, undefined, bob);
      expectError(res, 400, {
        field,
        message: `${field} (querystring): ${field} must lie between the years 1970 and 2999`,
      });
    }
    const latest = await call(t.app, 'GET', '/api/events?from=2999-12-01T00:00:00Z', undefined, bob);
    expect(latest.statusCode, latest.body).toBe(200);
  });
});

describe('GET /api/events/{id}.ics (R-EVENT-8)', () => {
  it('answers an RFC 5545 calendar: CRLF, escaped text, folded lines, UID, DTSTAMP, UTC times', async () => {
    const event = await createEvent({
      title: 'Garden day; bring gloves, rakes & soup',
      startsAt: '2027-03-14T09:30:00.000Z',
      endsAt: '2027-03-14T12:00:00+00:00',
      location: 'Back garden, by the shed',
      description: `Line one\nLine two with a backslash \\ and ünïcödé ${'wörd '.repeat(20)}`,
    });
    const res = await call(t.app, 'GET', `/api/events/${event.id}.ics`, undefined, bob);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="garden-day-bring-gloves-rakes-soup.ics"',
    );
    const text = res.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const physical = text.split('\r\n');
    for (const line of physical) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n /g, '').split('\r\n');
    expect(unfolded).toContain(`UID:${event.id}@stoop.test`);
    expect(unfolded).toContain('DTSTART:20270314T093000Z');
    expect(unfolded).toContain('DTEND:20270314T120000Z');
    expect(unfolded.some((l) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(l))).toBe(true);
    expect(unfolded).toContain('SUMMARY:Garden day\\; bring gloves\\, rakes & soup');
    expect(unfolded).toContain('LOCATION:Back garden\\, by the shed');
    const description = unfolded.find((l) => l.startsWith('DESCRIPTION:'));
    expect(description).toContain('Line one\\nLine two with a backslash \\\\ and ünïcödé wörd');
    // Folding never splits a UTF-8 character: each physical line is valid on its own.
    for (const line of physical) expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
    expect(physical.length).toBeGreaterThan(unfolded.length);
  });
});

describe('calendar feed (R-EVENT-8)', () => {
  const feedPath = (feedUrl: string) => new URL(feedUrl).pathname;

  it('the feed URL is stable, serves the going/maybe events without a cookie, and rotating it retires the old one', async () => {
    const res = await call(t.app, 'GET', '/api/calendar/feed-url', undefined, bob);
    expect(res.statusCode, res.body).toBe(200);
    const first = calendarFeedUrlSchema.parse(res.json()).url;
    expect(first).toMatch(/^http:\/\/stoop\.test\/api\/calendar\/[\w-]{20,}\.ics$/);
    const again = calendarFeedUrlSchema.parse(
      (await call(t.app, 'GET', '/api/calendar/feed-url', undefined, bob)).json(),
    ).url;
    expect(again).toBe(first);

    const going = await createEvent({ title: 'Bob goes', conversationId: channelId });
    const maybe = await createEvent({ title: 'Bob may go' });
    const no = await createEvent({ title: 'Bob will not go' });
    const direct = await createEvent({ title: 'Just the two of us', conversationId: directId });
    await createEvent({ title: 'Bob did not answer' });
    await answer(bob, going.id, 'going');
    await answer(bob, maybe.id, 'maybe');
    await answer(bob, no.id, 'no');
    await answer(bob, direct.id, 'going');

    const feed = await call(t.app, 'GET', feedPath(first));
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const summaries = feed.body
      .replace(/\r\n /g, '')
      .split('\r\n')
      .filter((l) => l.startsWith('SUMMARY:'));
    expect(summaries).toEqual(
      expect.arrayContaining(['SUMMARY:Bob goes', 'SUMMARY:Bob may go', 'SUMMARY:Just the two of us']),
    );
    expect(summaries).not.toContain('SUMMARY:Bob will not go');
    expect(summaries).not.toContain('SUMMARY:Bob did not answer');

    const rotated = await call(t.app, 'POST', '/api/calendar/feed-url', undefined, bob);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const second = calendarFeedUrlSchema.parse(rotated.json()).url;
    expect(second).not.toBe(first);
    expectError(await call(t.app, 'GET', feedPath(first)), 404, { message: 'Calendar feed not found' });
    expect((await call(t.app, 'GET', feedPath(second))).statusCode).toBe(200);
  });

  it('a wrong token is 404; a locked resident’s feed is 404 too', async () => {
    expectError(await call(t.app, 'GET', '/api/calendar/not-a-token.ics'), 404);
    const user = await makeUser(t.app);
    const headers = await sessionFor(t.app, user);
    const feedUrl = calendarFeedUrlSchema.parse(
      (await call(t.app, 'GET', '/api/calendar/feed-url', undefined, headers)).json(),
    ).url;
    expect((await call(t.app, 'GET', feedPath(feedUrl))).statusCode).toBe(200);
    const lockRes = await call(
      t.app,
      'POST',
      `/api/admin/users/${user.id}/lock`,
      { reason: 'admin_lock' },
      admin,
    );
    expect(lockRes.statusCode, lockRes.body).toBeLessThan(300);
    expectError(await call(t.app, 'GET', feedPath(feedUrl)), 404);
  });
});

describe('reminders (R-EVENT-7)', () => {
  const remindersOf = async (headers: AuthHeaders, eventId: string) =>
    (await notificationsOf(t.app, headers)).data.filter(
      (n) => n.type === 'event' && n.link === `/main_dashboard/events/${eventId}`,
    );

  it('going and maybe are reminded once before the start, by however many schedulers; no is not', async () => {
    const startsAt = new Date(Date.now() + 3 * HOUR);
    const event = await createEvent({
      title: 'Boiler room tour',
      conversationId: channelId,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + HOUR).toISOString(),
    });
    await answer(bob, event.id, 'maybe');
    await answer(carol, event.id, 'no');

    // Not yet due: two hours before the start nothing goes.
    expect(await sendDueReminders(t.app, new Date(startsAt.getTime() - 2 * HOUR))).toBe(0);

    // What the push dispatch is fed (push/subscriber.ts listens to notification:new).
    const published: { userId: string; type: string }[] = [];
    const off = t.app.bus.on('notification:new', ({ userId, notification }) =>
      published.push({ userId, type: notification.type }),
    );
    // Two schedulers (two instances) on a clock just inside the lead, ticking every few ms.
    const due = new Date(startsAt.getTime() - (EVENT_REMINDER_LEAD_MINUTES - 1) * 60_000);
    const schedulers = [0, 1].map(
      () => new EventReminderScheduler(t.app, t.app.log, { intervalMs: 5, now: () => due }),
    );
    schedulers.forEach((s) => s.start());
    const claimed = () => t.db.select().from(eventReminders).where(eq(eventReminders.eventId, event.id));
    try {
      for (let tries = 0; (await claimed()).length < 2; tries++) {
        if (tries > 300) throw new Error('the reminders were not claimed');
        await new Promise((r) => setTimeout(r, 10));
      }
      // Let both schedulers tick a few more times over the same due reminders.
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      await Promise.all(schedulers.map((s) => s.stop()));
    }
    // A restart later: nothing is sent again.
    expect(await sendDueReminders(t.app, due)).toBe(0);
    off();
    expect(
      published
        .filter((p) => p.type === 'event')
        .map((p) => p.userId)
        .sort(),
    ).toEqual([aliceId, bobId].sort());

    for (const headers of [alice, bob]) {
      const told = await remindersOf(headers, event.id);
      expect(told).toHaveLength(1);
      expect(told[0]?.text).toBe(
        `“Boiler room tour” starts in ${EVENT_REMINDER_LEAD_MINUTES - 1} minutes at Roof terrace`,
      );
    }
    expect(await remindersOf(carol, event.id)).toHaveLength(0);
  });
});

describe('live counts (R-EVENT-6)', () => {
  let sockets: Recorder[] = [];
  afterAll(() => sockets.forEach((s) => s.close()));

  it('an answer sends event:updated with the counts to the conversation, and a direct one to its participants only', async () => {
    const [aliceSocket, carolSocket] = await Promise.all([
      connected(url, alice.cookie),
      connected(url, carol.cookie),
    ]);
    sockets = [aliceSocket, carolSocket];
    const updated = (r: Recorder) =>
      (r.of('event:updated') as { event: CalendarEvent }[]).map((p) => p.event);

    const event = await createEvent({ conversationId: channelId });
    await answer(bob, event.id, 'going');
    await until(() => updated(aliceSocket).some((e) => e.id === event.id));
    const live = updated(aliceSocket).find((e) => e.id === event.id);
    expect(live?.counts).toEqual({ going: 2, maybe: 0, no: 0 });
    expect(live).not.toHaveProperty('myRsvp');

    const direct = await createEvent({ conversationId: directId });
    await answer(bob, direct.id, 'maybe');
    await until(() => updated(aliceSocket).some((e) => e.id === direct.id));
    // Carol's socket got the channel's update; by the time Alice has the direct one, Carol would too.
    await until(() => updated(carolSocket).some((e) => e.id === event.id));
    expect(updated(carolSocket).some((e) => e.id === direct.id)).toBe(false);
  });
});
