import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announcementSchema,
  announcementsPageSchema,
  requestDetailSchema,
  type Announcement,
  type AnnouncementAbilities,
  type BuildingRequest,
  type RequestAbilities,
} from '@stoop/shared';
import type { LightMyRequestResponse } from 'fastify';
import { connected, until, type Recorder } from '../realtime/testing.ts';
import { fileRequest } from '../requests/testing.ts';
import { createCommunity, type Person } from '../test/community.ts';
import { call } from '../test/http.ts';

/**
 * R-ACCESS-9 for what residents and the office exchange: a building request's and an
 * announcement's abilities, read as each viewer got them (REST and socket), are what the calls
 * honour. A viewer who cannot see the object gets no abilities, and the call is a 404.
 */

let c: Awaited<ReturnType<typeof community>>;
let sockets: Record<Who, Recorder>;

const community = () => createCommunity({ admin: { role: 'admin' }, alice: {}, bob: {} }, { listen: true });
type Who = 'alice' | 'bob' | 'admin';

beforeAll(async () => {
  c = await community();
  sockets = {
    alice: await connected(c.url, c.people.alice.headers.cookie),
    bob: await connected(c.url, c.people.bob.headers.cookie),
    admin: await connected(c.url, c.people.admin.headers.cookie),
  };
});
afterAll(async () => {
  for (const s of Object.values(sockets ?? {})) s.close();
  await c.close();
});

const as = (who: Who): Person => c.people[who];

/** A refused call says why with a 4xx (403, 404 or 409), never a 5xx. */
function tookEffect(res: LightMyRequestResponse): boolean {
  if (res.statusCode < 300) return true;
  expect([403, 404, 409], res.body).toContain(res.statusCode);
  return false;
}

describe('R-ACCESS-9 a request’s cancel, status and comment abilities are what the calls honour', () => {
  type State = 'open' | 'in progress' | 'cancelled';

  /** Alice's request in `state`. */
  async function requestIn(state: State): Promise<string> {
    const { request } = await fileRequest(c.app, as('alice').headers, { title: `A ${state} request` });
    if (state === 'in progress') {
      const res = await call(
        c.app,
        'PATCH',
        `/api/requests/${request.id}`,
        { status: 'in_progress' },
        as('admin').headers,
      );
      expect(res.statusCode, res.body).toBe(200);
    } else if (state === 'cancelled') {
      const res = await call(
        c.app,
        'POST',
        `/api/requests/${request.id}/cancel`,
        undefined,
        as('alice').headers,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    return request.id;
  }

  // [state, viewer, what the viewer is sent; null: the request does not exist for them]
  const cases: [State, Who, RequestAbilities | null][] = [
    ['open', 'alice', { cancel: true, changeStatus: false, comment: true }],
    ['open', 'bob', null],
    ['open', 'admin', { cancel: false, changeStatus: true, comment: true }],
    ['in progress', 'alice', { cancel: false, changeStatus: false, comment: true }],
    ['in progress', 'bob', null],
    ['in progress', 'admin', { cancel: false, changeStatus: true, comment: true }],
    ['cancelled', 'alice', { cancel: false, changeStatus: false, comment: true }],
    ['cancelled', 'bob', null],
    ['cancelled', 'admin', { cancel: false, changeStatus: false, comment: true }],
  ];

  it.each(cases)('%s request, %s: %o', async (state, who, expected) => {
    const headers = as(who).headers;
    for (const action of ['cancel', 'changeStatus', 'comment'] as const) {
      const id = await requestIn(state);
      const seen = await call(c.app, 'GET', `/api/requests/${id}`, undefined, headers);
      const abilities =
        seen.statusCode === 200 ? requestDetailSchema.parse(seen.json()).request.abilities : null;
      if (abilities === null) expect(seen.statusCode).toBe(404);
      expect(abilities, action).toEqual(expected);
      let res: LightMyRequestResponse;
      if (action === 'cancel')
        res = await call(c.app, 'POST', `/api/requests/${id}/cancel`, undefined, headers);
      else if (action === 'comment')
        res = await call(c.app, 'POST', `/api/requests/${id}/comments`, { text: 'Any news?' }, headers);
      // A status it does not have, so that only the ability decides.
      else res = await call(c.app, 'PATCH', `/api/requests/${id}`, { status: 'done' }, headers);
      expect(tookEffect(res), `${action}: ${res.statusCode} ${res.body}`).toBe(abilities?.[action] ?? false);
    }
  });

  it('each socket is sent its own viewer’s abilities with request:updated', async () => {
    const id = await requestIn('open');
    const res = await call(
      c.app,
      'POST',
      `/api/requests/${id}/comments`,
      { text: 'Still dripping' },
      as('admin').headers,
    );
    expect(res.statusCode).toBe(201);
    const copies = (who: Who) =>
      (sockets[who].of('request:updated') as { request: BuildingRequest }[])
        .map((p) => p.request)
        .filter((r) => r.id === id);
    await until(() => copies('alice').length > 0 && copies('admin').length > 0);
    expect(copies('alice').at(-1)?.abilities).toEqual({ cancel: true, changeStatus: false, comment: true });
    expect(copies('admin').at(-1)?.abilities).toEqual({ cancel: false, changeStatus: true, comment: true });
    expect(copies('bob')).toEqual([]);
  });
});

describe('R-ACCESS-9 an announcement’s edit, delete and acknowledge abilities are what the calls honour', () => {
  type State = 'sent' | 'scheduled';

  async function announcementIn(state: State): Promise<string> {
    const sendAt = state === 'scheduled' ? new Date(Date.now() + 3_600_000).toISOString() : undefined;
    const res = await call(
      c.app,
      'POST',
      '/api/announcements',
      { title: `A ${state} notice`, body: 'The water is off on Tuesday.', sendAt },
      as('admin').headers,
    );
    expect(res.statusCode, res.body).toBe(201);
    return announcementSchema.parse(res.json<{ announcement: unknown }>().announcement).id;
  }

  const cases: [State, Who, AnnouncementAbilities | null][] = [
    ['sent', 'alice', { edit: false, delete: false, acknowledge: true }],
    ['sent', 'admin', { edit: true, delete: true, acknowledge: true }],
    ['scheduled', 'alice', null],
    ['scheduled', 'admin', { edit: true, delete: true, acknowledge: true }],
  ];

  it.each(cases)('%s announcement, %s: %o', async (state, who, expected) => {
    const headers = as(who).headers;
    for (const action of ['edit', 'delete', 'acknowledge'] as const) {
      const id = await announcementIn(state);
      const page = await call(c.app, 'GET', '/api/announcements?limit=100', undefined, headers);
      const found = announcementsPageSchema.parse(page.json()).data.find((a) => a.id === id);
      const abilities = found ? found.abilities : null;
      expect(abilities, action).toEqual(expected);
      let res: LightMyRequestResponse;
      if (action === 'edit')
        res = await call(
          c.app,
          'PATCH',
          `/api/announcements/${id}`,
          { title: 'Water off, Tuesday' },
          headers,
        );
      else if (action === 'delete')
        res = await call(c.app, 'DELETE', `/api/announcements/${id}`, undefined, headers);
      else res = await call(c.app, 'POST', `/api/announcements/${id}/acknowledge`, undefined, headers);
      expect(tookEffect(res), `${action}: ${res.statusCode} ${res.body}`).toBe(abilities?.[action] ?? false);
    }
  });

  it('residents’ sockets get the residents’ abilities, admins’ the admins’', async () => {
    const id = await announcementIn('sent');
    const copies = (who: Who) =>
      (sockets[who].of('announcement:new') as { announcement: Announcement }[])
        .map((p) => p.announcement)
        .filter((a) => a.id === id);
    await until(() => (['alice', 'bob', 'admin'] as const).every((who) => copies(who).length > 0));
    for (const who of ['alice', 'bob'] as const)
      expect(copies(who)).toEqual([
        expect.objectContaining({ abilities: { edit: false, delete: false, acknowledge: true } }),
      ]);
    expect(copies('admin')).toEqual([
      expect.objectContaining({ abilities: { edit: true, delete: true, acknowledge: true } }),
    ]);
  });
});
