import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import {
  ERROR_CODES,
  WEBHOOK_POSTS_PER_MINUTE,
  integrationResponseSchema,
  integrationsListSchema,
  messagesPageSchema,
  type IntegrationResponse,
} from '@stoop/shared';
import { makeChannel, makeDirect } from '../conversations/testing.ts';
import { createCommunity, headersOf, idsOf } from '../test/community.ts';
import { csrfHeaders, makeUser, type AuthHeaders, type TestApp } from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';

let t: TestApp;
let admin: AuthHeaders, resident: AuthHeaders, locked: AuthHeaders;
let residentId: string;
let channelId: string, otherChannelId: string;

beforeAll(async () => {
  const c = await createCommunity(
    {
      admin: { role: 'admin' },
      resident: {},
      locked: { locked: true },
    },
    // Feeds are never fetched here (poller.test.ts does): their addresses are public but unreachable.
    { env: { FEED_POLL_SECONDS: '3600' } },
  );
  t = c;
  ({ admin, resident, locked } = headersOf(c.people));
  ({ resident: residentId } = idsOf(c.people));
  channelId = (await makeChannel(t.app, admin, 'lobby')).id;
  otherChannelId = (await makeChannel(t.app, admin, 'garden')).id;
});
afterAll(async () => t.close());

const anonymous = () => csrfHeaders(t.app);

async function create(body: Record<string, unknown>): Promise<IntegrationResponse> {
  const res = await call(t.app, 'POST', '/api/integrations', body, admin);
  expect(res.statusCode, res.body).toBe(201);
  return integrationResponseSchema.parse(res.json());
}

/** A webhook's address as the server answered it, as a path for app.inject. */
const pathOf = (webhookUrl: string | null) => new URL(webhookUrl ?? '').pathname;

const postHook = (path: string, body: unknown) =>
  t.app.inject({ method: 'POST', url: path, payload: body as object });

async function channelMessages(headers: AuthHeaders, id = channelId) {
  const res = await call(t.app, 'GET', `/api/conversations/${id}/messages?limit=50`, undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  return messagesPageSchema.parse(res.json()).messages;
}

describe('POST /api/integrations', () => {
  it('R-INTEG-1, R-INTEG-3: an admin connects a webhook (201) and gets its secret address once', async () => {
    const { integration, webhookUrl } = await create({
      type: 'webhook',
      conversationId: channelId,
      name: 'Door sensor',
    });
    expect(integration).toMatchObject({
      type: 'webhook',
      name: 'Door sensor',
      conversationId: channelId,
      conversationName: 'lobby',
      paused: false,
      url: null,
      lastActivityAt: null,
    });
    expect(webhookUrl).toMatch(new RegExp(`^http://[^/]+/api/hooks/${integration.id}/[\\w-]{40,}$`));
    // Never again: the list does not carry it.
    const list = await call(t.app, 'GET', '/api/integrations', undefined, admin);
    expect(list.body).not.toContain(pathOf(webhookUrl).split('/').pop());
  });

  it('R-INTEG-1: an admin connects an RSS feed and an iCal calendar; no webhook address for them', async () => {
    const rss = await create({
      type: 'rss',
      conversationId: channelId,
      name: 'News',
      url: 'https://news.example/feed.xml',
    });
    expect(rss.webhookUrl).toBeNull();
    expect(rss.integration.url).toBe('https://news.example/feed.xml');
    const ical = await create({
      type: 'ical',
      conversationId: otherChannelId,
      name: 'Events',
      url: 'https://cal.example/a.ics',
    });
    expect(ical.integration).toMatchObject({ type: 'ical', conversationName: 'garden' });
  });

  it('R-INTEG-1: refuses bad input with 400 naming the field', async () => {
    const bad = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/integrations', body, admin);
    expectError(await bad({ type: 'email', conversationId: channelId, name: 'x' }), 400, { field: 'type' });
    expectError(await bad({ type: 'rss', conversationId: channelId, name: 'x' }), 400, { field: 'url' });
    expectError(
      await bad({ type: 'webhook', conversationId: channelId, name: 'x', url: 'https://a.example/' }),
      400,
      {
        field: 'url',
      },
    );
    expectError(
      await bad({ type: 'rss', conversationId: channelId, name: 'x', url: 'ftp://a.example/' }),
      400,
      {
        field: 'url',
      },
    );
    expectError(await bad({ type: 'webhook', conversationId: channelId, name: '  ' }), 400, {
      field: 'name',
    });
    expectError(await bad({ type: 'webhook', conversationId: 'nope', name: 'x' }), 400, {
      field: 'conversationId',
    });
  });

  it('R-INTEG-7: a feed address that is a private IP is refused at once', async () => {
    for (const url of [
      'http://127.0.0.1/feed',
      'http://10.0.0.1/feed',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const res = await call(
        t.app,
        'POST',
        '/api/integrations',
        { type: 'rss', conversationId: channelId, name: 'x', url },
        admin,
      );
      expect(expectError(res, 400, { field: 'url' }).message).toMatch(/private address/);
    }
  });

  it('R-INTEG-1: a direct conversation cannot be fed; an unknown channel is 404', async () => {
    const direct = await makeDirect(t.app, admin, residentId);
    expectError(
      await call(
        t.app,
        'POST',
        '/api/integrations',
        { type: 'webhook', conversationId: direct.id, name: 'x' },
        admin,
      ),
      400,
      {
        field: 'conversationId',
      },
    );
    expectError(
      await call(
        t.app,
        'POST',
        '/api/integrations',
        { type: 'webhook', conversationId: '0190c0c0-0000-7000-8000-00000000dead', name: 'x' },
        admin,
      ),
      404,
    );
  });

  it('R-INTEG-1: anonymous 401, locked 403, resident 403', async () => {
    const body = { type: 'webhook', conversationId: channelId, name: 'x' };
    expectError(await call(t.app, 'POST', '/api/integrations', body, anonymous()), 401, {
      code: ERROR_CODES.unauthenticated,
    });
    expectError(await call(t.app, 'POST', '/api/integrations', body, locked), 403, {
      code: ERROR_CODES.accountLocked,
    });
    expectError(await call(t.app, 'POST', '/api/integrations', body, resident), 403, {
      code: ERROR_CODES.forbidden,
    });
  });
});

describe('GET /api/integrations', () => {
  // The sources the list shows, connected here: these tests need no other test to have run first.
  beforeAll(async () => {
    await create({ type: 'webhook', conversationId: channelId, name: 'Door sensor' });
    await create({
      type: 'rss',
      conversationId: channelId,
      name: 'News',
      url: 'https://news.example/feed.xml',
    });
    await create({
      type: 'ical',
      conversationId: otherChannelId,
      name: 'Events',
      url: 'https://cal.example/a.ics',
    });
  });

  it('R-INTEG-2: residents see name, type, channel and last activity, never addresses or errors', async () => {
    const res = await call(t.app, 'GET', '/api/integrations', undefined, resident);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = integrationsListSchema.parse(res.json());
    expect(data.map((i) => i.name)).toEqual(expect.arrayContaining(['Door sensor', 'News', 'Events']));
    for (const integration of data)
      expect(integration).toMatchObject({ url: null, lastError: null, lastPolledAt: null });
    expect(res.body).not.toContain('news.example');
  });

  it('R-INTEG-2: admins see the addresses', async () => {
    const { data } = integrationsListSchema.parse(
      (await call(t.app, 'GET', '/api/integrations', undefined, admin)).json(),
    );
    expect(data.find((i) => i.name === 'News')?.url).toBe('https://news.example/feed.xml');
  });

  it('R-INTEG-2: a source of a channel an admin hid is not listed for residents', async () => {
    const hidden = await makeChannel(t.app, admin, 'staff');
    await create({ type: 'webhook', conversationId: hidden.id, name: 'Staff pager' });
    expect(
      (await call(t.app, 'PATCH', `/api/conversations/${hidden.id}/admin-hide-channel`, undefined, admin))
        .statusCode,
    ).toBeLessThan(300);
    const names = (r: AuthHeaders) =>
      call(t.app, 'GET', '/api/integrations', undefined, r).then((res) =>
        integrationsListSchema.parse(res.json()).data.map((i) => i.name),
      );
    expect(await names(resident)).not.toContain('Staff pager');
    expect(await names(admin)).toContain('Staff pager');
  });

  it('R-INTEG-2: anonymous 401, locked 403', async () => {
    expectError(await call(t.app, 'GET', '/api/integrations', undefined, anonymous()), 401);
    expectError(await call(t.app, 'GET', '/api/integrations', undefined, locked), 403, {
      code: ERROR_CODES.accountLocked,
    });
  });
});

describe('POST /api/hooks/{id}/{secret}', () => {
  let hook: IntegrationResponse;
  beforeAll(async () => {
    hook = await create({ type: 'webhook', conversationId: channelId, name: 'Parcel room' });
  });

  it('R-INTEG-4, R-INTEG-5: a Slack-style post lands in the channel as the source, with username and icon', async () => {
    const res = await postHook(pathOf(hook.webhookUrl), {
      text: 'A parcel for flat 4 <b>arrived</b>',
      username: 'Parcel bot',
      icon_url: 'https://icons.example/parcel.png',
      blocks: [{ ignored: true }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { messageId } = res.json<{ messageId: string }>();
    const seen = (await channelMessages(resident)).find((m) => m.id === messageId);
    expect(seen?.content).toBe('A parcel for flat 4 <b>arrived</b>');
    expect(seen?.metadata.bot).toEqual({
      integrationId: hook.integration.id,
      source: 'Parcel room',
      name: 'Parcel bot',
      iconUrl: 'https://icons.example/parcel.png',
    });
    const listed = integrationsListSchema.parse(
      (await call(t.app, 'GET', '/api/integrations', undefined, resident)).json(),
    );
    expect(listed.data.find((i) => i.id === hook.integration.id)?.lastActivityAt).not.toBeNull();
  });

  it('R-INTEG-5: without a username the message shows the source name', async () => {
    const res = await postHook(pathOf(hook.webhookUrl), { text: 'Plain' });
    const seen = (await channelMessages(resident)).find(
      (m) => m.id === res.json<{ messageId: string }>().messageId,
    );
    expect(seen?.metadata.bot).toMatchObject({ name: 'Parcel room', source: 'Parcel room', iconUrl: null });
  });

  it('R-INTEG-4: no text is a 400 naming text; a bad icon_url names icon_url', async () => {
    expectError(await postHook(pathOf(hook.webhookUrl), { username: 'x' }), 400, { field: 'text' });
    expectError(
      await postHook(pathOf(hook.webhookUrl), { text: 'x', icon_url: 'javascript:alert(1)' }),
      400,
      {
        field: 'icon_url',
      },
    );
  });

  it('R-INTEG-3: a wrong secret, a wrong id or a feed id is the same 404', async () => {
    const [, , , id] = pathOf(hook.webhookUrl).split('/');
    expectError(await postHook(`/api/hooks/${id}/not-the-secret`, { text: 'x' }), 404);
    expectError(await postHook(`/api/hooks/0190c0c0-0000-7000-8000-00000000dead/abc`, { text: 'x' }), 404);
    expectError(await postHook(`/api/hooks/not-an-id/abc`, { text: 'x' }), 404);
  });

  it('R-INTEG-2: a paused webhook refuses posts (403) until resumed', async () => {
    const paused = await call(
      t.app,
      'PATCH',
      `/api/integrations/${hook.integration.id}`,
      { paused: true },
      admin,
    );
    expect(integrationResponseSchema.parse(paused.json()).integration.paused).toBe(true);
    expectError(await postHook(pathOf(hook.webhookUrl), { text: 'x' }), 403);
    await call(t.app, 'PATCH', `/api/integrations/${hook.integration.id}`, { paused: false }, admin);
    expect((await postHook(pathOf(hook.webhookUrl), { text: 'back' })).statusCode).toBe(200);
  });

  it('R-INTEG-3: rotating the secret retires the old address at once', async () => {
    const res = await call(
      t.app,
      'POST',
      `/api/integrations/${hook.integration.id}/rotate-secret`,
      undefined,
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const rotated = integrationResponseSchema.parse(res.json());
    expect(rotated.webhookUrl).not.toBe(hook.webhookUrl);
    expectError(await postHook(pathOf(hook.webhookUrl), { text: 'old' }), 404);
    expect((await postHook(pathOf(rotated.webhookUrl), { text: 'new' })).statusCode).toBe(200);
    hook = rotated;
  });

  it('R-INTEG-4: posts beyond the per-minute limit are 429', async () => {
    const noisy = await create({ type: 'webhook', conversationId: otherChannelId, name: 'Noisy' });
    const statuses: number[] = [];
    for (let i = 0; i <= WEBHOOK_POSTS_PER_MINUTE; i++)
      statuses.push((await postHook(pathOf(noisy.webhookUrl), { text: `n${i}` })).statusCode);
    expect(statuses.slice(0, WEBHOOK_POSTS_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('PATCH, rotate-secret and DELETE /api/integrations/{id}', () => {
  it('R-INTEG-2: an admin renames and moves a source; bad input is 400 naming the field', async () => {
    const { integration } = await create({
      type: 'rss',
      conversationId: channelId,
      name: 'Old',
      url: 'https://a.example/rss',
    });
    const url = `/api/integrations/${integration.id}`;
    const res = await call(
      t.app,
      'PATCH',
      url,
      { name: 'New', conversationId: otherChannelId, url: 'https://b.example/rss' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(integrationResponseSchema.parse(res.json()).integration).toMatchObject({
      name: 'New',
      conversationName: 'garden',
      url: 'https://b.example/rss',
    });
    expectError(await call(t.app, 'PATCH', url, {}, admin), 400);
    expectError(await call(t.app, 'PATCH', url, { paused: 'yes' }, admin), 400, { field: 'paused' });
    expectError(await call(t.app, 'PATCH', url, { url: 'http://10.0.0.1/' }, admin), 400, { field: 'url' });
    expectError(
      await call(
        t.app,
        'PATCH',
        '/api/integrations/0190c0c0-0000-7000-8000-00000000dead',
        { name: 'x' },
        admin,
      ),
      404,
    );
    expectError(await call(t.app, 'POST', `${url}/rotate-secret`, undefined, admin), 400);
  });

  it('R-INTEG-2: residents and locked users cannot change, rotate or delete', async () => {
    const { integration } = await create({ type: 'webhook', conversationId: channelId, name: 'Guarded' });
    const url = `/api/integrations/${integration.id}`;
    for (const [who, status] of [
      [anonymous(), 401],
      [locked, 403],
      [resident, 403],
    ] as const) {
      expectError(await call(t.app, 'PATCH', url, { name: 'x' }, who), status);
      expectError(await call(t.app, 'POST', `${url}/rotate-secret`, undefined, who), status);
      expectError(await call(t.app, 'DELETE', url, undefined, who), status);
    }
  });

  it('R-INTEG-2: deleting disconnects the source and retires its webhook; its messages stay', async () => {
    const made = await create({ type: 'webhook', conversationId: channelId, name: 'Short-lived' });
    const posted = await postHook(pathOf(made.webhookUrl), { text: 'still here later' });
    expect(posted.statusCode).toBe(200);
    const res = await call(t.app, 'DELETE', `/api/integrations/${made.integration.id}`, undefined, admin);
    expect(res.statusCode, res.body).toBe(204);
    expectError(await postHook(pathOf(made.webhookUrl), { text: 'x' }), 404);
    expectError(
      await call(t.app, 'DELETE', `/api/integrations/${made.integration.id}`, undefined, admin),
      404,
    );
    expect((await channelMessages(resident)).map((m) => m.content)).toContain('still here later');
  });
});

describe('R-INTEG-10: a webhook cannot pass for a resident or an admin', () => {
  it("creating or renaming a webhook refuses an account's name (any case, trimmed) and the word admin", async () => {
    await makeUser(t.app, { username: 'Marguerite Voisin' });
    for (const name of ['  marguerite VOISIN ', 'Admin', 'Building administrator', 'the ADMINS']) {
      const res = await call(
        t.app,
        'POST',
        '/api/integrations',
        { type: 'webhook', conversationId: channelId, name },
        admin,
      );
      expect(expectError(res, 400, { field: 'name' }).message).toMatch(/resident's account|"admin"/);
    }
    const hook = await create({ type: 'webhook', conversationId: channelId, name: 'Boiler alarm' });
    const rename = await call(
      t.app,
      'PATCH',
      `/api/integrations/${hook.integration.id}`,
      { name: 'Marguerite Voisin' },
      admin,
    );
    expectError(rename, 400, { field: 'name', message: `name cannot be the name of a resident's account` });
    const admins = await call(
      t.app,
      'PATCH',
      `/api/integrations/${hook.integration.id}`,
      { name: 'Admin desk' },
      admin,
    );
    expectError(admins, 400, { field: 'name', message: 'name cannot contain the word "admin"' });
  });

  it("a post's username cannot be an account's name or contain admin; the message stays marked as a bot", async () => {
    await makeUser(t.app, { username: 'Oskar Lind' });
    const hook = await create({ type: 'webhook', conversationId: channelId, name: 'Laundry room' });
    const path = pathOf(hook.webhookUrl);
    expectError(await postHook(path, { text: 'Pay rent here', username: 'oskar lind' }), 400, {
      field: 'username',
    });
    expectError(await postHook(path, { text: 'Reset your password', username: 'Admin' }), 400, {
      field: 'username',
      message: 'username cannot contain the word "admin"',
    });
    const ok = await postHook(path, { text: 'Dryer 2 is free', username: 'Dryer bot' });
    expect(ok.statusCode, ok.body).toBe(200);
    const seen = (await channelMessages(resident)).find(
      (m) => m.id === ok.json<{ messageId: string }>().messageId,
    );
    expect(seen?.metadata.bot).toMatchObject({ integrationId: hook.integration.id, name: 'Dryer bot' });
  });
});

describe('R-INTEG-11: optional Slack-style signature and timestamp on webhook posts', () => {
  const sign = (secret: string, timestamp: string, body: string) =>
    `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
  const signedPost = (path: string, body: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: path,
      payload: body,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('a good signature is taken; a bad one or a timestamp older than 5 minutes is 401; none is as before', async () => {
    const hook = await create({ type: 'webhook', conversationId: channelId, name: 'Signed sensor' });
    const path = pathOf(hook.webhookUrl);
    const secret = path.split('/').pop()!;
    const body = JSON.stringify({ text: 'Water leak in the basement' });
    const now = String(Math.floor(Date.now() / 1000));
    const good = await signedPost(path, body, {
      'x-stoop-request-timestamp': now,
      'x-stoop-signature': sign(secret, now, body),
    });
    expect(good.statusCode, good.body).toBe(200);

    const tampered = await signedPost(path, JSON.stringify({ text: 'All clear' }), {
      'x-stoop-request-timestamp': now,
      'x-stoop-signature': sign(secret, now, body),
    });
    expectError(tampered, 401, { message: 'The webhook request signature does not match' });

    const old = String(Math.floor(Date.now() / 1000) - 6 * 60);
    const replayed = await signedPost(path, body, {
      'x-stoop-request-timestamp': old,
      'x-stoop-signature': sign(secret, old, body),
    });
    expect(expectError(replayed, 401).message).toMatch(/older than 5 minutes/);

    const halfSigned = await signedPost(path, body, { 'x-stoop-request-timestamp': now });
    expectError(halfSigned, 401, { message: 'The webhook request signature does not match' });

    expect((await signedPost(path, body, {})).statusCode).toBe(200);
  });
});
