// R-NATIVE-9: ios pushes to APNs over HTTP/2, proven against a local HTTP/2 TLS server that checks
// the ES256 provider token, the headers and the payload (its certificate is trusted through
// PUSH_CA_FILE by the sender alone).
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createSecureServer, type Http2SecureServer, type IncomingHttpHeaders } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications, pushTokens } from '../db/schema/index.ts';
import { loopbackCertificate } from '../test/certificate.ts';
import { createTestApp, makeUser, sessionFor, type TestApp } from '../test/helpers.ts';
import { pushContext } from './http/context.ts';
import { enqueuePush } from './service.ts';
import { verifyJwt } from './testing.ts';

const KEY_ID = 'ABC123DEFG';
const TEAM_ID = 'TEAM123456';
const TOPIC = 'com.stoop.app';
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });

type Received = { headers: IncomingHttpHeaders; body: Record<string, unknown> };
let server: Http2SecureServer;
let endpoint: string;
let dir: string;
let received: Received[] = [];
let answer: (device: string) => { status: number; reason?: string } = () => ({ status: 200 });
let t: TestApp;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'stoop-apns-'));
  const pems = await loopbackCertificate();
  await writeFile(path.join(dir, 'apns-ca.pem'), pems.cert);
  await writeFile(path.join(dir, 'key.p8'), privateKey.export({ type: 'pkcs8', format: 'pem' }));
  server = createSecureServer({ key: pems.private, cert: pems.cert });
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
      });
      const device = String(headers[':path']).replace('/3/device/', '');
      const { status, reason } = answer(device);
      stream.respond({ ':status': status, 'apns-id': 'a3f1c0de-0000-4000-8000-000000000001' });
      stream.end(reason ? JSON.stringify({ reason }) : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  received = [];
  answer = () => ({ status: 200 });
  t = await createTestApp({
    APNS_KEY_FILE: path.join(dir, 'key.p8'),
    APNS_KEY_ID: KEY_ID,
    APNS_TEAM_ID: TEAM_ID,
    APNS_TOPIC: TOPIC,
    APNS_ENDPOINT: endpoint,
    PUSH_CA_FILE: path.join(dir, 'apns-ca.pem'),
    PUSH_COLLAPSE_MS: '0',
    PUSH_POLL_MS: '200',
  });
}, 120_000);
afterEach(async () => {
  await t.close();
});

const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

async function iosUser(device: string) {
  const user = await makeUser(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/register-push-token?token=${device}&platform=ios`,
    headers: await sessionFor(t.app, user),
  });
  expect(res.statusCode, res.body).toBe(201);
  return user;
}

describe('APNs over HTTP/2', () => {
  it('R-NATIVE-9: signs an ES256 provider token and sends alert, thread, badge, collapse id and priority', async () => {
    const device = 'a'.repeat(64);
    const user = await iosUser(device);
    for (const text of ['one', 'two'])
      await t.db.insert(notifications).values({ userId: user.id, type: 'mention', text, link: '/chat' });
    const conversationId = '0190a1b2-0000-7000-8000-00000000c0de';
    await enqueuePush(pushContext(t.app), user.id, {
      title: '#general',
      body: 'Water is off at 10',
      link: `/chat/${conversationId}?message=m1`,
      conversationId,
      tag: `conversation:${conversationId}`,
      urgent: true,
    });
    await until(() => received.length === 1);
    const [{ headers, body }] = received as [Received];
    expect(headers[':method']).toBe('POST');
    expect(headers[':path']).toBe(`/3/device/${device}`);
    expect(headers['apns-topic']).toBe(TOPIC);
    expect(headers['apns-push-type']).toBe('alert');
    expect(headers['apns-priority']).toBe('10');
    expect(String(headers['apns-collapse-id']).length).toBeGreaterThan(0);
    expect(String(headers['apns-collapse-id']).length).toBeLessThanOrEqual(64);
    expect(Number(headers['apns-expiration'])).toBeGreaterThan(Date.now() / 1000);
    const authorization = String(headers.authorization);
    expect(authorization).toMatch(/^bearer /);
    const jwt = verifyJwt(authorization.slice('bearer '.length), publicKey, 'ES256');
    expect(jwt.header).toEqual({ alg: 'ES256', kid: KEY_ID });
    expect(jwt.claims.iss).toBe(TEAM_ID);
    expect(Math.abs(Number(jwt.claims.iat) - Date.now() / 1000)).toBeLessThan(60);
    expect(body).toEqual({
      aps: {
        alert: { title: '#general', body: 'Water is off at 10' },
        sound: 'default',
        badge: 2,
        'thread-id': `conversation:${conversationId}`,
      },
      link: `/chat/${conversationId}?message=m1`,
      count: 1,
      tag: `conversation:${conversationId}`,
      conversationId,
    });
  });

  it('R-NATIVE-9: an ordinary push goes at priority 5; the same collapse id per conversation', async () => {
    const user = await iosUser('b'.repeat(64));
    const ctx = pushContext(t.app);
    const push = { title: 'Bob', body: 'Hi', link: '/chat/c1', conversationId: 'c1', tag: 'conversation:c1' };
    await enqueuePush(ctx, user.id, push);
    await until(() => received.length === 1);
    await enqueuePush(ctx, user.id, { ...push, body: 'Again' });
    await until(() => received.length === 2);
    expect(received.map((r) => r.headers['apns-priority'])).toEqual(['5', '5']);
    expect(received[0]?.headers['apns-collapse-id']).toBe(received[1]?.headers['apns-collapse-id']);
    expect((received[0]?.body.aps as { badge: number }).badge).toBe(0);
  });

  it('R-NATIVE-9: a 410 Unregistered or a 400 BadDeviceToken removes the token; a 500 keeps it', async () => {
    const gone = await iosUser('c'.repeat(64));
    const bad = await iosUser('d'.repeat(64));
    const flaky = await iosUser('e'.repeat(64));
    answer = (device) =>
      device.startsWith('c')
        ? { status: 410, reason: 'Unregistered' }
        : device.startsWith('d')
          ? { status: 400, reason: 'BadDeviceToken' }
          : { status: 500, reason: 'InternalServerError' };
    const ctx = pushContext(t.app);
    for (const user of [gone, bad, flaky])
      await enqueuePush(ctx, user.id, { title: 't', body: 'b', link: '/' });
    const tokensOf = async (userId: string) =>
      (await t.db.select().from(pushTokens).where(eq(pushTokens.userId, userId))).length;
    await until(async () => (await tokensOf(gone.id)) === 0 && (await tokensOf(bad.id)) === 0);
    await until(() => received.some((r) => String(r.headers[':path']).includes('eeee')));
    expect(await tokensOf(flaky.id)).toBe(1);
  });
});
