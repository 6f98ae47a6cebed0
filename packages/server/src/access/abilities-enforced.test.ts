import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  eventResponseSchema,
  messageResponseSchema,
  pollResponseSchema,
  threadSchema,
  type EventAbilities,
  type MessageAbilities,
  type PollAbilities,
} from '@stoop/shared';
import type { LightMyRequestResponse } from 'fastify';
import { events, polls } from '../db/schema/index.ts';
import { createEventAs, HOUR } from '../events/testing.ts';
import { enforcedCommunity, messageInState, type MessageState, type Who } from './testing.ts';
import { call } from '../test/http.ts';

/**
 * R-ACCESS-9: the ability a viewer is sent with an object is what the server honours. For each
 * state of an object and each viewer, the object is made afresh, its ability read as that viewer
 * got it, then the call made: it takes effect exactly when the ability said so, and a refusal is a
 * 4xx. The expected abilities are written out too, so a rule both sides got wrong shows as well.
 * Messages have no edit window; the time cases are a poll past its closing time and an event that
 * is over.
 */

const t = enforcedCommunity();
const { as } = t;

/** A refused call says why with a 4xx (403, 404 or 409), never a 5xx. */
function tookEffect(res: LightMyRequestResponse, changed: () => boolean): boolean {
  if (res.statusCode !== 200) {
    expect([403, 404, 409], res.body).toContain(res.statusCode);
    return false;
  }
  return changed();
}

describe('R-ACCESS-9 a message’s edit and delete abilities are what PUT and DELETE honour', () => {
  type State = MessageState;
  const messageIn = (state: State): Promise<string> => messageInState(t, state);

  // [state, viewer, what the viewer is expected to be sent]
  const cases: [State, Who, Pick<MessageAbilities, 'edit' | 'delete'>][] = [
    ['live', 'alice', { edit: true, delete: true }],
    ['live', 'bob', { edit: false, delete: false }],
    ['live', 'admin', { edit: false, delete: true }],
    ['hidden', 'alice', { edit: true, delete: true }],
    ['hidden', 'bob', { edit: false, delete: false }],
    ['hidden', 'admin', { edit: false, delete: true }],
    ['deleted', 'alice', { edit: false, delete: false }],
    ['deleted', 'bob', { edit: false, delete: false }],
    ['deleted', 'admin', { edit: false, delete: false }],
    ['from a data source', 'admin', { edit: false, delete: true }],
    ['from a data source', 'alice', { edit: false, delete: false }],
    ['the admin’s own', 'admin', { edit: true, delete: true }],
    ['the admin’s own', 'alice', { edit: false, delete: false }],
  ];

  it.each(cases)('%s message, %s: %o', async (state, who, expected) => {
    const headers = as(who).headers;
    for (const action of ['edit', 'delete'] as const) {
      const id = await messageIn(state);
      const seen = await call(t.c.app, 'GET', `/api/messages/${id}/thread`, undefined, headers);
      expect(seen.statusCode, seen.body).toBe(200);
      const before = threadSchema.parse(seen.json()).parent;
      expect(before.abilities?.[action], action).toBe(expected[action]);
      const res =
        action === 'edit'
          ? await call(t.c.app, 'PUT', `/api/messages/${id}`, { content: 'changed' }, headers)
          : await call(t.c.app, 'DELETE', `/api/messages/${id}`, undefined, headers);
      // Deleting a deleted message answers its tombstone unchanged: a 200 that does nothing.
      const done = tookEffect(res, () => messageResponseSchema.parse(res.json()).message.seq !== before.seq);
      expect(done, `${action}: ${res.statusCode} ${res.body}`).toBe(before.abilities?.[action]);
    }
  });
});

describe('R-ACCESS-9 a poll’s vote and close abilities are what its calls honour', () => {
  type State = 'open' | 'closed early' | 'past its closing time';

  async function pollIn(state: State) {
    const res = await call(
      t.c.app,
      'POST',
      `/api/conversations/${t.channelId}/polls`,
      {
        question: 'Paint the lobby?',
        options: ['Blue', 'Green'],
        closesAt: new Date(Date.now() + HOUR).toISOString(),
      },
      as('alice').headers,
    );
    expect(res.statusCode, res.body).toBe(201);
    const poll = pollResponseSchema.parse(res.json()).poll;
    if (state === 'closed early') {
      const closed = await call(
        t.c.app,
        'POST',
        `/api/polls/${poll.id}/close`,
        undefined,
        as('alice').headers,
      );
      expect(closed.statusCode).toBe(200);
    } else if (state === 'past its closing time') {
      await t.c.db
        .update(polls)
        .set({ closesAt: new Date(Date.now() - 1000) })
        .where(eq(polls.id, poll.id));
    }
    return poll;
  }

  const cases: [State, Who, PollAbilities][] = [
    ['open', 'alice', { vote: true, close: true }],
    ['open', 'bob', { vote: true, close: false }],
    ['open', 'admin', { vote: true, close: true }],
    ['closed early', 'alice', { vote: false, close: false }],
    ['closed early', 'bob', { vote: false, close: false }],
    ['closed early', 'admin', { vote: false, close: false }],
    ['past its closing time', 'alice', { vote: false, close: false }],
    ['past its closing time', 'bob', { vote: false, close: false }],
    ['past its closing time', 'admin', { vote: false, close: false }],
  ];

  it.each(cases)('%s poll, %s: %o', async (state, who, expected) => {
    const headers = as(who).headers;
    for (const action of ['vote', 'close'] as const) {
      const { id, options } = await pollIn(state);
      const seen = await call(t.c.app, 'GET', `/api/polls/${id}`, undefined, headers);
      const abilities = pollResponseSchema.parse(seen.json()).poll.abilities;
      expect(abilities?.[action], action).toBe(expected[action]);
      const res =
        action === 'vote'
          ? await call(t.c.app, 'POST', `/api/polls/${id}/votes`, { optionIds: [options[0]!.id] }, headers)
          : await call(t.c.app, 'POST', `/api/polls/${id}/close`, undefined, headers);
      expect(
        tookEffect(res, () => true),
        `${action}: ${res.statusCode} ${res.body}`,
      ).toBe(abilities?.[action]);
    }
  });
});

describe('R-ACCESS-9 an event’s edit and cancel abilities are what PATCH and DELETE honour', () => {
  type State = 'upcoming' | 'over' | 'cancelled';

  async function eventIn(state: State): Promise<string> {
    const { id } = await createEventAs(t.c.app, as('alice').headers);
    if (state === 'over') {
      await t.c.db
        .update(events)
        .set({ startsAt: new Date(Date.now() - 3 * HOUR), endsAt: new Date(Date.now() - HOUR) })
        .where(eq(events.id, id));
    } else if (state === 'cancelled') {
      expect(
        (await call(t.c.app, 'DELETE', `/api/events/${id}`, undefined, as('alice').headers)).statusCode,
      ).toBe(200);
    }
    return id;
  }

  const cases: [State, Who, EventAbilities][] = [
    ['upcoming', 'alice', { edit: true, cancel: true }],
    ['upcoming', 'bob', { edit: false, cancel: false }],
    ['upcoming', 'admin', { edit: true, cancel: true }],
    ['over', 'alice', { edit: true, cancel: true }],
    ['over', 'bob', { edit: false, cancel: false }],
    ['over', 'admin', { edit: true, cancel: true }],
    ['cancelled', 'alice', { edit: false, cancel: false }],
    ['cancelled', 'bob', { edit: false, cancel: false }],
    ['cancelled', 'admin', { edit: false, cancel: false }],
  ];

  it.each(cases)('%s event, %s: %o', async (state, who, expected) => {
    const headers = as(who).headers;
    for (const action of ['edit', 'cancel'] as const) {
      const id = await eventIn(state);
      const seen = await call(t.c.app, 'GET', `/api/events/${id}`, undefined, headers);
      const abilities = eventResponseSchema.parse(seen.json()).event.abilities;
      expect(abilities?.[action], action).toBe(expected[action]);
      const res =
        action === 'edit'
          ? await call(
              t.c.app,
              'PATCH',
              `/api/events/${id}`,
              { title: 'Movie night, moved indoors' },
              headers,
            )
          : await call(t.c.app, 'DELETE', `/api/events/${id}`, undefined, headers);
      expect(
        tookEffect(res, () => true),
        `${action}: ${res.statusCode} ${res.body}`,
      ).toBe(abilities?.[action]);
    }
  });
});
