import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEXTS,
  conversationDetailsSchema,
  conversationResponseSchema,
  conversationsListResponseSchema,
  type Conversation,
} from '@stoop/shared';
import { createCommunity, headersOf, idsOf } from '../test/community.ts';
import { csrfHeaders, makeUser, sessionFor, type TestApp } from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';
import { PNG_1X1, formOf, injectForm, makeChannel, makeDirect, sendText, type Headers } from './testing.ts';

let t: TestApp;
let alice: Headers, bob: Headers, carol: Headers, admin: Headers, locked: Headers;
let aliceId: string, bobId: string;

beforeAll(async () => {
  const c = await createCommunity({
    alice: { username: 'Alice Park' },
    bob: { username: 'Bob Stone' },
    carol: {},
    admin: { role: 'admin' },
    locked: { locked: true },
  });
  t = c;
  ({ alice, bob, carol, admin, locked } = headersOf(c.people));
  ({ alice: aliceId, bob: bobId } = idsOf(c.people));
});
afterAll(async () => t.close());

const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers });

describe('POST /api/conversations', () => {
  it('R-CONV-1: creates a direct conversation (201) and reuses it for the same pair (200)', async () => {
    // A pair of its own: other tests in this file open directs between the shared residents.
    const [dora, ed] = await Promise.all([makeUser(t.app), makeUser(t.app)]);
    const [doraHeaders, edHeaders] = await Promise.all([sessionFor(t.app, dora), sessionFor(t.app, ed)]);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: doraHeaders,
      payload: { type: 'direct', participantIds: [ed.id] },
    });
    expect(first.statusCode).toBe(201);
    const created = conversationResponseSchema.parse(first.json()).conversation;
    expect(created.participants.sort()).toEqual([dora.id, ed.id].sort());
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: edHeaders,
      payload: { type: 'direct', participantIds: [dora.id] },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ conversation: Conversation }>().conversation.id).toBe(created.id);
  });

  it('R-CONV-1: a direct conversation with oneself is refused with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: alice,
      payload: { type: 'direct', participantIds: [aliceId] },
    });
    expectError(res, 400, { field: 'participantIds' });
  });

  it('validation: a channel without a name is a 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: alice,
      payload: { type: 'channel', name: '  ' },
    });
    expectError(res, 400, { field: 'name' });
  });

  it('creates a channel from multipart with an icon; the icon is sniffed and served', async () => {
    const res = await injectForm(
      t.app,
      'POST',
      '/api/conversations',
      formOf(
        { type: 'channel', name: 'Rooftop Garden', description: 'Tomatoes and basil' },
        { field: 'icon', name: 'leaf.png', bytes: PNG_1X1, type: 'text/plain' },
      ),
      carol,
    );
    expect(res.statusCode, res.body).toBe(201);
    const channel = res.json<{ conversation: Conversation }>().conversation;
    expect(channel).toMatchObject({
      type: 'channel',
      name: 'Rooftop Garden',
      description: 'Tomatoes and basil',
    });
    expect(channel.icon).toMatch(/^\/api\/files\//);
    const icon = await get(channel.icon ?? '', bob);
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it('R-CONV-5, R-ERR-1, R-ERR-2: a taken channel name (any case) is a 409 with the channel text', async () => {
    await makeChannel(t.app, alice, 'Lobby Talk');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: bob,
      payload: { type: 'channel', name: 'lobby talk' },
    });
    expectError(res, 409, { message: TEXTS.channelNameTaken });
  });

  it('an icon that is not an image by its bytes is a 400', async () => {
    const res = await injectForm(
      t.app,
      'POST',
      '/api/conversations',
      formOf(
        { type: 'channel', name: 'Bad Icon' },
        { field: 'icon', name: 'x.png', bytes: Buffer.from('hello'), type: 'image/png' },
      ),
      alice,
    );
    expectError(res, 400, { field: 'icon' });
  });

  it('malformed multipart is a 4xx, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { ...alice, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="type"\r\n\r\nchannel\r\n--xy',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('authorization: anonymous 401, locked 403 ACCOUNT_LOCKED, missing CSRF 403', async () => {
    const payload = { type: 'channel', name: 'Nope' };
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/conversations', headers: csrfHeaders(t.app), payload }),
      401,
    );
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/conversations', headers: locked, payload }),
      403,
      { code: 'ACCOUNT_LOCKED' },
    );
    const noCsrf = { cookie: alice.cookie ?? '' };
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/conversations', headers: noCsrf, payload }),
      403,
      { code: 'CSRF_INVALID' },
    );
  });
});

describe('GET /api/conversations', () => {
  it('R-API-10, R-ACCESS-1, R-ACCESS-2: lists own directs and visible channels with unreadCount; others’ directs stay out', async () => {
    const direct = await makeDirect(t.app, alice, bobId);
    const channel = await makeChannel(t.app, alice);
    await sendText(t.app, bob, direct.id, 'Hi Alice, is the laundry room open?');
    const res = await get('/api/conversations', alice);
    const list = conversationsListResponseSchema.parse(res.json()).conversations;
    expect(list.find((c) => c.id === direct.id)?.unreadCount).toBe(1);
    expect(list.some((c) => c.id === channel.id)).toBe(true);
    const carols = conversationsListResponseSchema.parse(
      (await get('/api/conversations', carol)).json(),
    ).conversations;
    expect(carols.some((c) => c.id === direct.id)).toBe(false);
    expect(carols.some((c) => c.id === channel.id)).toBe(true);
  });

  it('authorization: anonymous 401, locked 403', async () => {
    expectError(await get('/api/conversations'), 401);
    expectError(await get('/api/conversations', locked), 403, { code: 'ACCOUNT_LOCKED' });
  });
});

describe('GET /api/conversations/{id}/details', () => {
  it('gives participants, counts and recent files to a reader', async () => {
    const channel = await makeChannel(t.app, alice);
    await sendText(t.app, bob, channel.id, 'Package room is full again');
    await injectForm(
      t.app,
      'POST',
      `/api/conversations/${channel.id}/messages`,
      formOf({ content: 'Photo' }, { name: 'door.png', bytes: PNG_1X1 }),
      bob,
    );
    const res = await get(`/api/conversations/${channel.id}/details`, carol);
    const details = conversationDetailsSchema.parse(res.json());
    expect(details.participants.map((p) => p.id).sort()).toEqual([aliceId, bobId].sort());
    expect(details).toMatchObject({ messageCount: 2, fileCount: 1 });
    expect(details.recentFiles[0]?.fileName).toBe('door.png');
  });

  it('R-ACCESS-1: a non-participant gets 404 for a direct conversation; so does an admin', async () => {
    const direct = await makeDirect(t.app, alice, bobId);
    expectError(await get(`/api/conversations/${direct.id}/details`, carol), 404);
    expectError(await get(`/api/conversations/${direct.id}/details`, admin), 404);
    expectError(await get(`/api/conversations/not-a-uuid/details`, carol), 404);
  });
});

describe('PATCH and DELETE /api/conversations/{id}', () => {
  it('the creator renames with multipart; others get 403; admins may', async () => {
    const channel = await makeChannel(t.app, alice);
    const renamed = await injectForm(
      t.app,
      'PATCH',
      `/api/conversations/${channel.id}`,
      formOf({ name: 'Bike Storage', description: 'Racks in B1' }),
      alice,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<{ conversation: Conversation }>().conversation).toMatchObject({
      name: 'Bike Storage',
      description: 'Racks in B1',
    });
    expectError(
      await injectForm(t.app, 'PATCH', `/api/conversations/${channel.id}`, formOf({ name: 'Mine' }), bob),
      403,
    );
    const byAdmin = await injectForm(
      t.app,
      'PATCH',
      `/api/conversations/${channel.id}`,
      formOf({ description: 'Moderated' }),
      admin,
    );
    expect(byAdmin.statusCode).toBe(200);
    expectError(
      await injectForm(t.app, 'PATCH', `/api/conversations/${channel.id}`, formOf({ name: '' }), alice),
      400,
      { field: 'name' },
    );
  });

  it('delete: creator or admin; messages go too; non-participant of a direct gets 404', async () => {
    const channel = await makeChannel(t.app, alice);
    const message = await sendText(t.app, bob, channel.id, 'Soon gone');
    expectError(
      await t.app.inject({ method: 'DELETE', url: `/api/conversations/${channel.id}`, headers: bob }),
      403,
    );
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/conversations/${channel.id}`,
      headers: alice,
    });
    expect(res.statusCode).toBe(204);
    expectError(await get(`/api/messages/${message.id}/thread`, bob), 404);
    const direct = await makeDirect(t.app, alice, bobId);
    expectError(
      await t.app.inject({ method: 'DELETE', url: `/api/conversations/${direct.id}`, headers: carol }),
      404,
    );
    const other = await makeChannel(t.app, bob);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/conversations/${other.id}`, headers: admin }))
        .statusCode,
    ).toBe(204);
  });
});

describe('PATCH /api/conversations/{id}/admin-*-channel', () => {
  it('R-CONV-2: flag adds the admin, unflag clears, hide toggles; residents get 403', async () => {
    const channel = await makeChannel(t.app, alice);
    const patch = (action: string, headers: Headers) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/conversations/${channel.id}/${action}`,
        headers,
        payload: {},
      });
    expectError(await patch('admin-flag-channel', alice), 403);
    expect(
      (await patch('admin-flag-channel', admin)).json<{ conversation: Conversation }>().conversation.metadata
        .adminFlaggedBy,
    ).toHaveLength(1);
    expect(
      (await patch('admin-flag-channel', admin)).json<{ conversation: Conversation }>().conversation.metadata
        .adminFlaggedBy,
    ).toHaveLength(1);
    expect(
      (await patch('admin-unflag-channel', admin)).json<{ conversation: Conversation }>().conversation
        .metadata.adminFlaggedBy,
    ).toEqual([]);
    expect(
      (await patch('admin-hide-channel', admin)).json<{ conversation: Conversation }>().conversation.metadata
        .adminHidden,
    ).toBe(true);
    // R-ACCESS-2: hidden channels vanish for residents (404) but admins still see them.
    expectError(await get(`/api/conversations/${channel.id}/messages`, bob), 404);
    expect((await get(`/api/conversations/${channel.id}/messages`, admin)).statusCode).toBe(200);
    expect(
      (await patch('admin-hide-channel', admin)).json<{ conversation: Conversation }>().conversation.metadata
        .adminHidden,
    ).toBe(false);
    expect((await get(`/api/conversations/${channel.id}/messages`, bob)).statusCode).toBe(200);
    expectError(await patch('admin-hide-channel', csrfHeaders(t.app)), 401);
    expectError(await patch('admin-hide-channel', locked), 403, { code: 'ACCOUNT_LOCKED' });
  });
});

describe('R-CONV-7: names of hidden channels', () => {
  it('a name held by a hidden channel is free for a resident; unhiding it then is a 409 for the admin', async () => {
    const name = `quiet-corner-${Date.now().toString(36)}`;
    const hidden = await makeChannel(t.app, alice, name);
    const hide = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/conversations/${hidden.id}/admin-hide-channel`,
        headers: admin,
        payload: {},
      });
    expect((await hide()).statusCode).toBe(200);
    // Nothing tells a resident that a hidden channel has this name: it is simply free.
    const taken = await makeChannel(t.app, bob, name.toUpperCase());
    expect(taken.name).toBe(name.toUpperCase());
    expectError(await hide(), 409, {
      field: 'name',
      message: 'A visible channel already has this name. Rename this channel before unhiding it.',
    });
    // Visible channels still clash as before.
    const clash = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: carol,
      payload: { type: 'channel', name },
    });
    expectError(clash, 409, { message: TEXTS.channelNameTaken });
  });
});

describe('POST /api/conversations/{id}/read', () => {
  const unreadOf = async (headers: Headers, id: string) =>
    conversationsListResponseSchema
      .parse((await get('/api/conversations', headers)).json())
      .conversations.find((c) => c.id === id)?.unreadCount;
  const markRead = (id: string, body: unknown, headers: Headers = {}) =>
    call(t.app, 'POST', `/api/conversations/${id}/read`, body, headers);

  it('read position: messages seen live stop counting; never backwards, never past the newest message', async () => {
    const channel = await makeChannel(t.app, alice);
    await sendText(t.app, bob, channel.id, 'here'); // posting joins
    await get(`/api/conversations/${channel.id}/messages`, bob); // opened: all read
    const seen = await sendText(t.app, alice, channel.id, 'seen live');
    const later = await sendText(t.app, alice, channel.id, 'not yet seen');
    expect(await unreadOf(bob, channel.id)).toBe(2);
    expect((await markRead(channel.id, { seq: seen.seq }, bob)).statusCode).toBe(204);
    expect(await unreadOf(bob, channel.id)).toBe(1);
    await markRead(channel.id, { seq: 0 }, bob); // backwards: ignored
    expect(await unreadOf(bob, channel.id)).toBe(1);
    await markRead(channel.id, { seq: later.seq + 1_000_000 }, bob); // capped at the newest
    expect(await unreadOf(bob, channel.id)).toBe(0);
    const next = await sendText(t.app, alice, channel.id, 'after the cap');
    expect(next.seq).toBeGreaterThan(later.seq);
    expect(await unreadOf(bob, channel.id)).toBe(1);
  });

  it('validation and authorization: 400 bad seq, anonymous 401, locked 403, missing CSRF 403, non-participant of a direct 404 (admin too), reader of a channel 204', async () => {
    const direct = await makeDirect(t.app, alice, bobId);
    const channel = await makeChannel(t.app, alice);
    expectError(await markRead(direct.id, { seq: -1 }, alice), 400);
    expectError(await markRead(direct.id, { seq: 'x' }, alice), 400);
    expectError(await markRead(direct.id, {}, alice), 400);
    expectError(await markRead(direct.id, { seq: 1 }, csrfHeaders(t.app)), 401);
    expectError(await markRead(direct.id, { seq: 1 }, locked), 403, { code: 'ACCOUNT_LOCKED' });
    const { 'x-csrf-token': _dropped, ...withoutCsrf } = alice;
    expectError(await markRead(direct.id, { seq: 1 }, withoutCsrf), 403);
    expectError(await markRead(direct.id, { seq: 1 }, carol), 404);
    expectError(await markRead(direct.id, { seq: 1 }, admin), 404);
    expectError(await markRead('not-a-uuid', { seq: 1 }, alice), 404);
    expect((await markRead(direct.id, { seq: 1 }, bob)).statusCode).toBe(204);
    expect((await markRead(channel.id, { seq: 1 }, carol)).statusCode).toBe(204);
  });
});
