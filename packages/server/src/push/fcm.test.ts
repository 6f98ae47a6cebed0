import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeChannel } from '../conversations/testing.ts';
import { pushJobs, pushTokens } from '../db/schema/index.ts';
import { connected } from '../realtime/testing.ts';
import { createTestApp, makeAdmin, makeUser, sessionFor, type TestApp } from '../test/helpers.ts';
import { pushContext } from './http/context.ts';
import { enqueuePush, pushForNotification } from './service.ts';
import { startFcmService, verifyJwt, type ProviderServer, type ReceivedRequest } from './testing.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const account = {
  type: 'service_account',
  project_id: 'stoop-test',
  private_key_id: 'key-1',
  private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  client_email: 'push@stoop-test.iam.gserviceaccount.com',
};
const ACCESS_TOKEN = 'ya29.local-access-token';
const UNREGISTERED = {
  error: {
    code: 404,
    status: 'NOT_FOUND',
    message: 'Requested entity was not found.',
    details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
  },
};

let fcm: ProviderServer;
let t: TestApp;
let gone = new Set<string>();

beforeAll(async () => {
  fcm = await startFcmService();
  fcm.respond = (request) => {
    if (request.url === '/token')
      return { status: 200, body: { access_token: ACCESS_TOKEN, expires_in: 3599, token_type: 'Bearer' } };
    const body = JSON.parse(request.body.toString('utf8')) as { message: { token: string } };
    if (gone.has(body.message.token)) return { status: 404, body: UNREGISTERED };
    return { status: 200, body: { name: 'projects/stoop-test/messages/1' } };
  };
}, 120_000);
afterAll(async () => {
  await fcm.close();
});
// Each test starts with an app of its own (no access token cached yet) and reads only its requests.
beforeEach(async () => {
  gone = new Set();
  fcm.skip();
  t = await createTestApp({
    FCM_SERVICE_ACCOUNT_JSON: JSON.stringify(account),
    FCM_ENDPOINT: fcm.url,
    FCM_TOKEN_URL: `${fcm.url}/token`,
    PUSH_COLLAPSE_MS: '0',
    PUSH_POLL_MS: '200',
  });
}, 120_000);
afterEach(async () => {
  await t.close();
});

async function deviceUser(token: string, platform: 'android' | 'ios' = 'android') {
  const user = await makeUser(t.app);
  const headers = await sessionFor(t.app, user);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/register-push-token?token=${encodeURIComponent(token)}&platform=${platform}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { user, headers };
}

const sends = (token: string) =>
  fcm.requests.filter((r) => r.url.endsWith('/messages:send') && r.body.toString('utf8').includes(token));

async function nextSend(): Promise<ReceivedRequest> {
  for (;;) {
    const request = await fcm.next();
    if (request.url.endsWith('/messages:send')) return request;
  }
}

const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const jobsOf = (userId: string) => t.db.select().from(pushJobs).where(eq(pushJobs.userId, userId));

describe('FCM HTTP v1', () => {
  it('R-NOTIF-2: gets an access token with a signed JWT-bearer assertion, then sends the v1 message', async () => {
    const { user } = await deviceUser('fcm-device-1');
    await enqueuePush(pushContext(t.app), user.id, {
      title: 'Bob',
      body: 'Dinner?',
      link: '/chat/d1',
      conversationId: 'd1',
    });
    const tokenRequest = await fcm.next();
    expect(tokenRequest.url).toBe('/token');
    expect(tokenRequest.headers['content-type']).toContain('application/x-www-form-urlencoded');
    const form = new URLSearchParams(tokenRequest.body.toString('utf8'));
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const jwt = verifyJwt(form.get('assertion') ?? '', publicKey, 'RS256');
    expect(jwt.header).toMatchObject({ alg: 'RS256', kid: 'key-1' });
    expect(jwt.claims).toMatchObject({
      iss: account.client_email,
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
      aud: `${fcm.url}/token`,
    });
    const now = Date.now() / 1000;
    expect(Number(jwt.claims.exp)).toBeGreaterThan(now);
    expect(Number(jwt.claims.exp) - Number(jwt.claims.iat)).toBeLessThanOrEqual(3600);

    const send = await nextSend();
    expect(send.method).toBe('POST');
    expect(send.url).toBe('/v1/projects/stoop-test/messages:send');
    expect(send.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    const body = JSON.parse(send.body.toString('utf8')) as { message: Record<string, unknown> };
    expect(body.message).toMatchObject({
      token: 'fcm-device-1',
      notification: { title: 'Bob', body: 'Dinner?' },
      data: { link: '/chat/d1', url: '/chat/d1', conversationId: 'd1', count: '1' },
    });
  });

  it('R-NOTIF-2: the access token is reused until shortly before it expires', async () => {
    const { user } = await deviceUser('fcm-device-2');
    const tokenRequests = () => fcm.requests.filter((r) => r.url === '/token').length;
    // The first push gets the token; the second must not ask again.
    await enqueuePush(pushContext(t.app), user.id, { title: 'first', body: 'b', link: '/' });
    await until(() => sends('fcm-device-2').length === 1);
    const before = tokenRequests();
    await enqueuePush(pushContext(t.app), user.id, { title: 'again', body: 'b', link: '/' });
    await until(() => sends('fcm-device-2').length === 2);
    expect(tokenRequests()).toBe(before);
  });

  it('R-NOTIF-2: UNREGISTERED removes the token', async () => {
    const { user } = await deviceUser('fcm-device-gone', 'ios');
    gone.add('fcm-device-gone');
    await enqueuePush(pushContext(t.app), user.id, { title: 't', body: 'b', link: '/' });
    await until(
      async () => (await t.db.select().from(pushTokens).where(eq(pushTokens.userId, user.id))).length === 0,
    );
    expect(sends('fcm-device-gone')).toHaveLength(1);
    await until(async () => (await jobsOf(user.id)).length === 0);
  });
});

describe('pushForNotification', () => {
  it('R-NOTIF-1: a muted conversation is skipped unless the notification is urgent', async () => {
    const { user } = await deviceUser('fcm-device-muted');
    const ctx = { ...pushContext(t.app), mutes: { isMuted: () => Promise.resolve(true) } };
    const input = {
      userId: user.id,
      type: 'mention' as const,
      title: 'x',
      body: 'y',
      link: '/',
      conversationId: 'c1',
    };
    expect(await pushForNotification(ctx, input)).toBe('muted');
    expect(await pushForNotification(ctx, { ...input, type: 'announcement', urgent: true })).toBe('queued');
    await until(() => sends('fcm-device-muted').length === 1);
  });

  it('R-NOTIF-1: a resident with a socket open on the conversation gets no push', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await makeAdmin(t.app);
    const channel = await makeChannel(t.app, await sessionFor(t.app, admin));
    const { user, headers } = await deviceUser('fcm-device-online');
    const input = {
      userId: user.id,
      type: 'reply' as const,
      title: 'r',
      body: 'b',
      link: '/',
      conversationId: channel.id,
    };
    const socket = await connected(address, headers.cookie);
    try {
      expect(await pushForNotification(pushContext(t.app), input)).toBe('watching');
    } finally {
      socket.close();
    }
    await until(async () => (await t.app.io.in(`user:${user.id}`).fetchSockets()).length === 0);
    expect(await pushForNotification(pushContext(t.app), input)).toBe('queued');
    await until(() => sends('fcm-device-online').length === 1);
  });
});
