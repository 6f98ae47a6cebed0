import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPasswordAsOperator } from '../auth/service.ts';
import { runCli } from '../cli/run.ts';
import { makeDirect, sendText, formOf, injectForm } from '../conversations/testing.ts';
import { sessions, users } from '../db/schema/index.ts';
import { usingPostgres } from '../test/database.ts';
import {
  TEST_PASSWORD,
  createTestApp,
  makeAdmin,
  makeUser,
  requestResetToken,
  sessionFor,
  type AuthHeaders,
  type TestApp,
} from '../test/helpers.ts';
import { call } from '../test/http.ts';
import { testRedisUrl } from '../test/redis.ts';
import { purgeExpiredAuth } from '../auth/http/maintenance.ts';
import { endSocketsOfGoneSessions } from './session-ends.ts';
import { connected, disconnection, refusal, settle, until, type Recorder } from './testing.ts';

/**
 * R-SESSION-13: every way a session ends goes through endSessions (auth/end-sessions.ts), and every
 * one takes the session's sockets at once: they stop receiving the resident's direct messages and a
 * reconnect is refused. On PGlite and PostgreSQL (server and server-pg projects), on one instance
 * and, with TEST_REDIS_URL, across two (the end made on A, the socket on B). The operator's
 * reset-password runs with its own database connection and no event bus, as its own process does.
 * The periodic check is set to an hour, so every end shown here reaches the sockets by itself.
 */

const WAIT_MS = 15_000;

type Instances = { a: TestApp; b: TestApp; urlB: string };

/** A resident with a direct conversation with a friend, and the friend's headers to send into it. */
async function residentWithDirect(t: TestApp) {
  const user = await makeUser(t.app);
  const friend = await makeUser(t.app);
  const friendHeaders = await sessionFor(t.app, friend);
  const direct = await makeDirect(t.app, friendHeaders, user.id);
  return { user, friendHeaders, direct };
}

/** The apps whose sockets a test opens (the periodic check runs on each). */
const listening: TestApp[] = [];

/** The operator's command in a connection of its own (its own process on PostgreSQL). */
async function operatorReset(t: TestApp, email: string): Promise<void> {
  if (usingPostgres()) {
    const url = (t.database.client as { options: { connectionString?: string } }).options.connectionString;
    const errors: string[] = [];
    const code = await runCli(['reset-password', '--email', email, '--password', 'the operator set this'], {
      env: { DATABASE_URL: url, DATA_DIR: t.config.DATA_DIR, LOG_LEVEL: 'silent' },
      output: { out: () => undefined, err: (text) => errors.push(text) },
    });
    expect(code, errors.join('\n')).toBe(0);
    return;
  }
  // An embedded database admits one process (the command refuses while a server runs): the same
  // statements, with no event bus, are what a removal without notice looks like.
  // The servers' periodic check (SESSION_CHECK_SECONDS) is what ends the sockets then; it runs here
  // at once rather than after the interval the suites set to an hour.
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await setPasswordAsOperator(t.db, row!.id, 'the operator set this');
  for (const instance of listening) await endSocketsOfGoneSessions(instance.app);
}

type Way = {
  name: string;
  /** Ends the session(s) of `headers` (on instance `t`); `other` is a second session of the same user. */
  end(
    t: TestApp,
    user: { id: string; email: string },
    headers: AuthHeaders,
    other: AuthHeaders,
  ): Promise<void>;
  /** What a reconnect with the ended cookie gets. */
  reconnect: 'UNAUTHENTICATED' | 'ACCOUNT_LOCKED' | 'connected';
};

const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBeLessThan(300);

const WAYS: Way[] = [
  {
    name: 'logout',
    end: async (t, _u, headers) => ok(await call(t.app, 'POST', '/api/logout', undefined, headers)),
    reconnect: 'UNAUTHENTICATED',
  },
  {
    name: 'sign-out everywhere (from another session)',
    end: async (t, _u, _h, other) =>
      ok(await call(t.app, 'POST', '/api/logout-everywhere', undefined, other)),
    reconnect: 'UNAUTHENTICATED',
  },
  {
    name: 'a password change made from another session (endOtherSessions)',
    end: async (t, _u, _h, other) =>
      ok(
        await injectForm(
          t.app,
          'PUT',
          '/api/profile',
          formOf({ currentPassword: TEST_PASSWORD, newPassword: 'a brand new secret' }),
          other,
        ),
      ),
    reconnect: 'UNAUTHENTICATED',
  },
  {
    name: 'a reset link',
    end: async (t, user) => {
      const token = await requestResetToken(t.app, user.email);
      ok(
        await t.app.inject({
          method: 'POST',
          url: '/api/reset-password',
          payload: { token, password: `${TEST_PASSWORD} renewed` },
          headers: await sessionFor(t.app, await makeUser(t.app)),
        }),
      );
    },
    reconnect: 'UNAUTHENTICATED',
  },
  {
    name: 'the operator’s reset-password (another process)',
    end: (t, user) => operatorReset(t, user.email),
    reconnect: 'UNAUTHENTICATED',
  },
  {
    name: 'an admin’s lock',
    end: async (t, user) =>
      ok(
        await call(
          t.app,
          'POST',
          `/api/admin/users/${user.id}/lock`,
          {},
          await sessionFor(t.app, await makeAdmin(t.app)),
        ),
      ),
    reconnect: 'ACCOUNT_LOCKED',
  },
  {
    name: 'a role change (the socket holds the old role’s rooms)',
    end: async (t, user) =>
      ok(
        await call(
          t.app,
          'POST',
          `/api/admin/users/${user.id}/role`,
          { role: 'admin' },
          await sessionFor(t.app, await makeAdmin(t.app)),
        ),
      ),
    reconnect: 'connected',
  },
  {
    name: 'expiry (the hourly purge)',
    end: async (t, user) => {
      await t.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, user.id));
      await purgeExpiredAuth(t.app);
    },
    reconnect: 'UNAUTHENTICATED',
  },
];

/** Runs one way: the end made on `on`, the sockets open on `url`. */
async function endsItsSockets(way: Way, on: TestApp, url: string, opened: Recorder[]) {
  const { user, friendHeaders, direct } = await residentWithDirect(on);
  const headers = await sessionFor(on.app, user);
  const other = await sessionFor(on.app, user);
  const socket = await connected(url, headers.cookie);
  opened.push(socket);
  const ended = disconnection(socket);

  await way.end(on, user, headers, other);
  const reason = await Promise.race([ended, settle(WAIT_MS).then(() => 'still connected')]);
  expect(reason).toBe('io server disconnect');

  const message = await sendText(on.app, friendHeaders, direct.id, `after the ${way.name}`);
  await settle();
  expect(socket.messages('message:new').map((m) => m.id)).not.toContain(message.id);
  expect(await refusal(url, headers.cookie)).toBe(way.reconnect);
}

describe('R-SESSION-13: every end of a session takes its sockets (one instance)', () => {
  let t: TestApp;
  let url: string;
  const opened: Recorder[] = [];
  beforeAll(async () => {
    t = await createTestApp({ SESSION_CHECK_SECONDS: '3600' });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    listening.push(t);
  });
  afterAll(async () => {
    for (const s of opened) s.close();
    await t.close();
  });

  for (const way of WAYS) {
    it(`${way.name}: the socket is disconnected, gets no later direct message, and cannot come back`, async () => {
      await endsItsSockets(way, t, url, opened);
    });
  }

  it('a password change keeps the session that made it, and its socket', async () => {
    const { user, friendHeaders, direct } = await residentWithDirect(t);
    const changer = await sessionFor(t.app, user);
    const socket = await connected(url, changer.cookie);
    opened.push(socket);
    const res = await injectForm(
      t.app,
      'PUT',
      '/api/profile',
      formOf({ currentPassword: TEST_PASSWORD, newPassword: 'a brand new secret' }),
      changer,
    );
    ok(res);
    const message = await sendText(t.app, friendHeaders, direct.id, 'still here');
    await until(() => socket.messages('message:new').some((m) => m.id === message.id), WAIT_MS);
    expect(socket.socket.connected).toBe(true);
  });

  it('sign-out everywhere ends the calling session too: its cookie is refused afterwards', async () => {
    const user = await makeUser(t.app);
    const headers = await sessionFor(t.app, user);
    const res = await call(t.app, 'POST', '/api/logout-everywhere', undefined, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ csrfToken: string }>().csrfToken).toEqual(expect.any(String));
    expect((await call(t.app, 'GET', '/api/protected/user', undefined, headers)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('sign-out everywhere needs a session (401 anonymous)', async () => {
    const anonymous = await call(t.app, 'POST', '/api/logout-everywhere', undefined, {
      ...(await sessionFor(t.app, await makeUser(t.app))),
      cookie: '',
    });
    expect([401, 403]).toContain(anonymous.statusCode);
  });

  it('a session removed with no notice at all: conversation:join is refused at once, and the socket ends', async () => {
    const { user, direct } = await residentWithDirect(t);
    const headers = await sessionFor(t.app, user);
    const socket = await connected(url, headers.cookie);
    opened.push(socket);
    const ended = disconnection(socket);
    // An operator's SQL: nothing announces it.
    await t.db.delete(sessions).where(eq(sessions.userId, user.id));
    const ack = await new Promise<{ ok: boolean }>((resolve) =>
      socket.socket.emit('conversation:join', { conversationId: direct.id }, resolve),
    );
    expect(ack.ok).toBe(false);
    expect(await ended).toBe('io server disconnect');
  });
});

describe('R-SESSION-13: the periodic check of open sockets', () => {
  let t: TestApp;
  let url: string;
  const opened: Recorder[] = [];
  beforeAll(async () => {
    t = await createTestApp({ SESSION_CHECK_SECONDS: '1' });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of opened) s.close();
    await t.close();
  });

  it('ends a socket whose session went without notice, with no event from the socket', async () => {
    const user = await makeUser(t.app);
    const headers = await sessionFor(t.app, user);
    const socket = await connected(url, headers.cookie);
    opened.push(socket);
    const ended = disconnection(socket);
    await t.db.delete(sessions).where(eq(sessions.userId, user.id));
    // SESSION_CHECK_SECONDS is 1 here.
    expect(await Promise.race([ended, settle(WAIT_MS).then(() => 'still connected')])).toBe(
      'io server disconnect',
    );
  });
});

const redisUrl = testRedisUrl('session ends across two instances');

describe.skipIf(!redisUrl)(
  'R-SESSION-13: every end of a session takes its sockets on the other instance (Redis)',
  () => {
    const instances = {} as Instances;
    const opened: Recorder[] = [];
    beforeAll(async () => {
      const env = {
        REDIS_URL: redisUrl!,
        REDIS_PREFIX: `stoop-test-${randomBytes(4).toString('hex')}:`,
        SESSION_CHECK_SECONDS: '3600',
      };
      instances.a = await createTestApp(env);
      instances.b = await createTestApp(env, {}, instances.a);
      await instances.a.app.listen({ port: 0, host: '127.0.0.1' });
      instances.urlB = await instances.b.app.listen({ port: 0, host: '127.0.0.1' });
      listening.push(instances.a, instances.b);
    });
    afterAll(async () => {
      for (const s of opened) s.close();
      await instances.b?.close();
      await instances.a?.close();
    });

    for (const way of WAYS) {
      it(`${way.name} on A: the socket on B is disconnected, gets no later direct message, and cannot come back`, async () => {
        await endsItsSockets(way, instances.a, instances.urlB, opened);
      });
    }
  },
);
