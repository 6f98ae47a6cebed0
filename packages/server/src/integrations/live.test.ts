import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationResponseSchema, type Integration, type IntegrationResponse } from '@stoop/shared';
import { makeChannel } from '../conversations/testing.ts';
import { connected, until, type Recorder } from '../realtime/testing.ts';
import { createCommunity, headersOf } from '../test/community.ts';
import type { AuthHeaders, TestApp } from '../test/helpers.ts';
import { call } from '../test/http.ts';
import { findIntegration } from './repo.ts';
import { pollFeed } from './service.ts';

let t: TestApp;
let url: string;
let admin: AuthHeaders, resident: AuthHeaders;
let lobbyId: string, secretId: string;
const sockets: Recorder[] = [];
let feedServer: Server;
let feedBase: string;

const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Notices</title><link>https://notices.example/</link>
<description>Notices</description>
<item><title>Lift service on Monday</title><link>https://notices.example/1</link><guid>n1</guid></item>
</channel></rss>`;

beforeAll(async () => {
  const c = await createCommunity(
    { admin: { role: 'admin' }, resident: {} },
    // Feeds are fetched by hand here (pollFeed), from a local server.
    { env: { FEED_POLL_SECONDS: '3600', FEED_ALLOW_PRIVATE_ADDRESSES: 'true' } },
  );
  feedServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(RSS);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
  t = c;
  ({ admin, resident } = headersOf(c.people));
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  lobbyId = (await makeChannel(t.app, admin, 'lobby')).id;
  secretId = (await makeChannel(t.app, admin, 'office')).id;
  const hidden = await t.app.inject({
    method: 'PATCH',
    url: `/api/conversations/${secretId}/admin-hide-channel`,
    headers: admin,
    payload: {},
  });
  expect(hidden.statusCode, hidden.body).toBe(200);
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await new Promise((resolve) => feedServer.close(resolve));
  await t.close();
});

const updates = (r: Recorder) =>
  (r.of('integration:updated') as { integration: Integration }[]).map((p) => p.integration);
const removals = (r: Recorder) =>
  (r.of('integration:removed') as { integrationId: string }[]).map((p) => p.integrationId);

async function create(body: Record<string, unknown>): Promise<IntegrationResponse> {
  const res = await call(t.app, 'POST', '/api/integrations', body, admin);
  expect(res.statusCode, res.body).toBe(201);
  return integrationResponseSchema.parse(res.json());
}

describe('R-INTEG-8: the sources list goes live', () => {
  it('connect, change, pause, a post and delete reach admins whole and residents with the public fields only', async () => {
    const [adminSocket, residentSocket] = await Promise.all([
      connected(url, admin.cookie),
      connected(url, resident.cookie),
    ]);
    sockets.push(adminSocket, residentSocket);

    const { integration, webhookUrl } = await create({
      type: 'rss',
      conversationId: lobbyId,
      name: 'Town news',
      url: 'https://news.example.org/feed.xml',
    });
    await until(() => updates(residentSocket).some((i) => i.id === integration.id));
    await until(() => updates(adminSocket).some((i) => i.id === integration.id));
    expect(webhookUrl).toBeNull();
    expect(updates(adminSocket).find((i) => i.id === integration.id)?.url).toBe(
      'https://news.example.org/feed.xml',
    );
    const seen = updates(residentSocket).find((i) => i.id === integration.id);
    expect(seen).toMatchObject({ name: 'Town news', url: null, lastError: null, lastPolledAt: null });
    // Only one copy each: an admin's socket is in the channel's room too, but gets the admin view alone.
    expect(updates(adminSocket).filter((i) => i.id === integration.id)).toHaveLength(1);

    const patched = await call(
      t.app,
      'PATCH',
      `/api/integrations/${integration.id}`,
      { paused: true },
      admin,
    );
    expect(patched.statusCode, patched.body).toBe(200);
    await until(() => updates(residentSocket).some((i) => i.id === integration.id && i.paused));

    // A webhook's post moves lastActivityAt live; its secret is in no event.
    const hook = await create({ type: 'webhook', conversationId: lobbyId, name: 'Door sensor' });
    const secret = new URL(hook.webhookUrl ?? '').pathname.split('/').pop() ?? '';
    const posted = await t.app.inject({
      method: 'POST',
      url: new URL(hook.webhookUrl ?? '').pathname,
      payload: { text: 'Front door open' },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    await until(() =>
      updates(residentSocket).some((i) => i.id === hook.integration.id && i.lastActivityAt !== null),
    );
    for (const socket of [adminSocket, residentSocket])
      expect(JSON.stringify(socket.events)).not.toContain(secret);

    const deleted = await call(t.app, 'DELETE', `/api/integrations/${integration.id}`, undefined, admin);
    expect(deleted.statusCode, deleted.body).toBe(204);
    await until(() => removals(residentSocket).includes(integration.id));
    await until(() => removals(adminSocket).includes(integration.id));
  });

  it('a source of a channel a resident cannot read never reaches them; moving it there removes it for them', async () => {
    const [adminSocket, residentSocket] = await Promise.all([
      connected(url, admin.cookie),
      connected(url, resident.cookie),
    ]);
    sockets.push(adminSocket, residentSocket);

    const { integration } = await create({ type: 'webhook', conversationId: lobbyId, name: 'Boiler' });
    await until(() => updates(residentSocket).some((i) => i.id === integration.id));

    const office = await create({ type: 'webhook', conversationId: secretId, name: 'Office alarms' });
    await until(() => updates(adminSocket).some((i) => i.id === office.integration.id));

    const moved = await call(
      t.app,
      'PATCH',
      `/api/integrations/${integration.id}`,
      { conversationId: secretId },
      admin,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    await until(() => removals(residentSocket).includes(integration.id));
    await until(() =>
      updates(adminSocket).some((i) => i.id === integration.id && i.conversationId === secretId),
    );
    // By the time the resident has the removal, an update for the hidden channel would be there too.
    expect(updates(residentSocket).some((i) => i.id === office.integration.id)).toBe(false);
    expect(updates(residentSocket).filter((i) => i.id === integration.id)).toHaveLength(1);
    expect(removals(adminSocket)).not.toContain(integration.id);
  });

  it('a feed’s post moves lastActivityAt live; its address and last fetch stay with admins', async () => {
    const [adminSocket, residentSocket] = await Promise.all([
      connected(url, admin.cookie),
      connected(url, resident.cookie),
    ]);
    sockets.push(adminSocket, residentSocket);
    const { integration } = await create({
      type: 'rss',
      conversationId: lobbyId,
      name: 'Notices',
      url: `${feedBase}/rss.xml`,
    });
    const row = await findIntegration(t.db, integration.id);
    if (!row) throw new Error('the integration is missing');
    await pollFeed(t.app, row);
    const posted = (i: Integration) => i.id === integration.id && i.lastActivityAt !== null;
    await until(() => updates(residentSocket).some(posted));
    await until(() => updates(adminSocket).some(posted));
    expect(updates(residentSocket).find(posted)).toMatchObject({ url: null, lastPolledAt: null });
    expect(updates(adminSocket).find(posted)).toMatchObject({ url: `${feedBase}/rss.xml` });
    expect(updates(adminSocket).find(posted)?.lastPolledAt).not.toBeNull();
  });
});
