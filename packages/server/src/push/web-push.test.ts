import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pushMessageSchema } from '@stoop/shared';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { pushJobs, pushTokens } from '../db/schema/index.ts';
import { createTestApp, makeUser, sessionFor, type TestApp } from '../test/helpers.ts';
import { createTestDatabase } from '../test/database.ts';
import { pushContext } from './http/context.ts';
import { enqueuePush } from './service.ts';
import {
  decryptAes128gcm,
  makeSubscriptionKeys,
  startPushService,
  verifyVapidHeader,
  type ProviderServer,
  type ReceivedRequest,
  type SubscriptionKeys,
} from './testing.ts';

let dir: string;
let service: ProviderServer & { caFile: string };
let t: TestApp;

/** Fast retries so backoff is visible in a test: 50 ms, then 100 ms. */
const pushEnv = (caFile: string) => ({
  PUSH_CA_FILE: caFile,
  PUSH_COLLAPSE_MS: '0',
  PUSH_RETRY_BASE_MS: '50',
  PUSH_MAX_ATTEMPTS: '4',
  PUSH_POLL_MS: '200',
  VAPID_SUBJECT: 'mailto:admin@stoop.test',
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'stoop-push-'));
  service = await startPushService(dir);
  t = await createTestApp(pushEnv(service.caFile));
}, 120_000);
afterAll(async () => {
  await t.close();
  await service.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  service.respond = () => ({ status: 201 });
  // What earlier tests delivered is theirs: each test reads only the pushes it caused.
  service.skip();
});

/** A resident with one browser subscribed at the local push service, registered through the API. */
async function subscribedUser(app = t.app) {
  const user = await makeUser(app);
  const keys = makeSubscriptionKeys();
  const endpoint = `${service.url}/push/${user.id}`;
  const token = JSON.stringify({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.authText } });
  const res = await app.inject({
    method: 'POST',
    url: `/api/register-push-token?token=${encodeURIComponent(token)}&platform=web`,
    headers: await sessionFor(app, user),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { user, keys, endpoint };
}

function readPush(request: ReceivedRequest, keys: SubscriptionKeys) {
  return pushMessageSchema.parse(JSON.parse(decryptAes128gcm(request.body, keys)));
}

const until = async (check: () => Promise<boolean>, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('Web Push delivery', () => {
  it('R-NOTIF-2: sends an aes128gcm body with VAPID that the subscription decrypts', async () => {
    const { user, keys } = await subscribedUser();
    await enqueuePush(pushContext(t.app), user.id, { title: 'Alice', body: 'Hi there', link: '/chat/abc' });
    const request = await service.next();
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`/push/${user.id}`);
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    const vapid = verifyVapidHeader(request.headers.authorization);
    const served = await t.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
    expect(vapid.publicKey).toBe(served.json<{ publicKey: string }>().publicKey);
    expect(vapid.header.alg).toBe('ES256');
    expect(vapid.claims.aud).toBe(service.url);
    expect(vapid.claims.sub).toBe('mailto:admin@stoop.test');
    expect(Number(vapid.claims.exp)).toBeGreaterThan(Date.now() / 1000);
    expect(readPush(request, keys)).toMatchObject({
      title: 'Alice',
      body: 'Hi there',
      link: '/chat/abc',
      url: '/chat/abc',
      count: 1,
    });
    await until(
      async () => (await t.db.select().from(pushJobs).where(eq(pushJobs.userId, user.id))).length === 0,
    );
    const [token] = await t.db.select().from(pushTokens).where(eq(pushTokens.userId, user.id));
    expect(token?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('R-NOTIF-2: a 410 Gone from the push service removes the token', async () => {
    const { user } = await subscribedUser();
    service.respond = () => ({ status: 410 });
    await enqueuePush(pushContext(t.app), user.id, { title: 't', body: 'b', link: '/' });
    await service.next();
    await until(
      async () => (await t.db.select().from(pushTokens).where(eq(pushTokens.userId, user.id))).length === 0,
    );
    await until(
      async () => (await t.db.select().from(pushJobs).where(eq(pushJobs.userId, user.id))).length === 0,
    );
  });

  it('R-NOTIF-2: a 500 is retried with growing waits, then succeeds', async () => {
    const { user, keys } = await subscribedUser();
    let calls = 0;
    service.respond = () => ((calls += 1) <= 2 ? { status: 500 } : { status: 201 });
    await enqueuePush(pushContext(t.app), user.id, { title: 'Retry', body: 'later', link: '/x' });
    const first = await service.next();
    const second = await service.next();
    const third = await service.next();
    expect(readPush(third, keys).title).toBe('Retry');
    expect([first, second, third].every((r) => r.url === `/push/${user.id}`)).toBe(true);
    // Exponential backoff from PUSH_RETRY_BASE_MS (50): at least 50 ms, then at least 100 ms.
    expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(45);
    expect(third.receivedAt - second.receivedAt).toBeGreaterThanOrEqual(95);
    await until(
      async () => (await t.db.select().from(pushJobs).where(eq(pushJobs.userId, user.id))).length === 0,
    );
    const [token] = await t.db.select().from(pushTokens).where(eq(pushTokens.userId, user.id));
    expect(token?.failures).toBe(0);
  });

  it('R-NOTIF-2: several pushes for one conversation within the window arrive as one', async () => {
    const { user, keys } = await subscribedUser();
    const ctx = { ...pushContext(t.app), collapseMs: 300 };
    for (const body of ['one', 'two', 'three']) {
      await enqueuePush(ctx, user.id, {
        title: '#general',
        body,
        link: '/chat/general',
        tag: 'conversation:general',
        group: '#general',
      });
    }
    const request = await service.next();
    expect(readPush(request, keys)).toMatchObject({
      body: '3 new messages in #general',
      count: 3,
      tag: 'conversation:general',
    });
    expect(request.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    await new Promise((r) => setTimeout(r, 400));
    expect(service.requests.filter((r) => r.url === `/push/${user.id}`)).toHaveLength(1);
  });
});

const sharedConfig = (dataDir: string, overrides: Record<string, string> = {}) =>
  loadConfig({
    ...pushEnv(service.caFile),
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-000',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...overrides,
  });

describe('the push queue across instances and restarts', () => {
  it('R-NOTIF-2: two instances on one database send every job exactly once', async () => {
    const database = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'stoop-push-pair-'));
    const config = sharedConfig(dataDir);
    const [a, b] = [
      await buildApp(config, { database, logger: false }),
      await buildApp(config, { database, logger: false }),
    ];
    try {
      await Promise.all([a.ready(), b.ready()]);
      const residents = await Promise.all(Array.from({ length: 8 }, () => subscribedUser(a)));
      await Promise.all(
        residents.map(({ user }, i) =>
          enqueuePush(pushContext(i % 2 ? a : b), user.id, { title: `n${i}`, body: 'b', link: '/' }),
        ),
      );
      const endpoints = new Set(residents.map((r) => r.endpoint));
      const hits = () => service.requests.filter((r) => endpoints.has(`${service.url}${r.url}`));
      const deadline = Date.now() + 15_000;
      while (hits().length < residents.length && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 300)); // a duplicate would arrive in this time
      expect(
        hits()
          .map((r) => r.url)
          .sort(),
      ).toEqual([...endpoints].map((e) => e.slice(service.url.length)).sort());
    } finally {
      await Promise.all([a.close(), b.close()]);
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('R-NOTIF-2: a job enqueued before the app closed is sent by the next app on the same database', async () => {
    const database = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'stoop-push-restart-'));
    // Long enough that the first app closes before the job falls due.
    const config = sharedConfig(dataDir, { PUSH_COLLAPSE_MS: '1500' });
    try {
      const first = await buildApp(config, { database, logger: false });
      await first.ready();
      const { user, keys, endpoint } = await subscribedUser(first);
      await enqueuePush(pushContext(first), user.id, {
        title: 'After restart',
        body: 'still here',
        link: '/chat/restart',
        tag: 'conversation:restart',
      });
      await first.close();
      expect(service.requests.some((r) => `${service.url}${r.url}` === endpoint)).toBe(false);

      const second = await buildApp(config, { database, logger: false });
      await second.ready();
      try {
        let request = await service.next(10_000);
        while (`${service.url}${request.url}` !== endpoint) request = await service.next(10_000);
        expect(readPush(request, keys)).toMatchObject({ title: 'After restart', body: 'still here' });
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
