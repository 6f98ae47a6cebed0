import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENCE_WINDOW_MS, type Message } from '@stoop/shared';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../test/database.ts';
import { testRedisUrl } from '../test/redis.ts';
import { csrfHeaders, makeAdmin, makeUser, requestResetToken, sessionFor } from '../test/helpers.ts';
import { call } from '../test/http.ts';
import { formOf, injectForm, makeChannel, sendText } from '../conversations/testing.ts';
import { memberRoom } from './rooms.ts';
import { connected, refusal, settle, until, type Recorder } from './testing.ts';

/**
 * Server mode: a lock made on one instance ends the user's sockets on another, and presence and
 * messages cross instances (the Redis adapter carries emits, fetchSockets and disconnects).
 * Needs TEST_REDIS_URL, like the scale-out suite.
 */
const redisUrl = testRedisUrl('cross-instance realtime tests (lock, presence, delivery)');

describe.skipIf(!redisUrl)('R-OPS-5 (Redis adapter)', () => {
  let database: Database;
  let dataDir: string;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let urlA: string;
  let urlB: string;
  const sockets: Recorder[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'stoop-test-'));
    // Two instances on one database, as in production behind a load balancer.
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'test-session-secret-that-is-long-enough-000',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent-web-dist',
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `stoop-test-${randomBytes(4).toString('hex')}:`,
    });
    database = await createTestDatabase();
    a = await buildApp(config, { database, logger: false });
    b = await buildApp(config, { database, logger: false });
    urlA = await a.listen({ port: 0, host: '127.0.0.1' });
    urlB = await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await a?.close();
    await b?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("R-LOCK-5: a lock on instance A disconnects the user's socket on instance B at once", async () => {
    const target = await makeUser(a);
    const headers = await sessionFor(a, target);
    const socket = await connected(urlB, headers.cookie);
    sockets.push(socket);
    const ended = new Promise<string>((resolve) => socket.socket.once('disconnect', resolve));

    const admin = await sessionFor(a, await makeAdmin(a));
    const res = await call(a, 'POST', `/api/admin/users/${target.id}/lock`, {}, admin);
    expect(res.statusCode, res.body).toBe(200);

    expect(await ended).toBe('io server disconnect');
    expect(socket.of('user:locked')).toEqual([{ userId: target.id }]);
    expect(await refusal(urlB, headers.cookie)).toBe('ACCOUNT_LOCKED');
  });

  it('R-SESSION-10: a logout and a password reset on instance A disconnect the sockets on instance B at once', async () => {
    const user = await makeUser(a);
    const leaving = await sessionFor(a, user);
    const staying = await sessionFor(a, user);
    const [gone, kept] = [await connected(urlB, leaving.cookie), await connected(urlB, staying.cookie)];
    sockets.push(gone, kept);
    const ended = new Promise<string>((resolve) => gone.socket.once('disconnect', resolve));
    expect((await call(a, 'POST', '/api/logout', {}, leaving)).statusCode).toBeLessThan(300);
    expect(await ended).toBe('io server disconnect');
    expect(kept.socket.connected).toBe(true);

    const keptEnded = new Promise<string>((resolve) => kept.socket.once('disconnect', resolve));
    const token = await requestResetToken(a, user.email);
    const reset = await a.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, password: 'a brand new passphrase' },
      headers: csrfHeaders(a),
    });
    expect(reset.statusCode, reset.body).toBe(204);
    expect(await keptEnded).toBe('io server disconnect');
  });

  it("R-SESSION-9: a lock, a logout and a rename on A apply on B well before B's session cache would expire", async () => {
    // Polls B for up to 2 s; the cache keeps a session for SESSION_CACHE_SECONDS (30 s) otherwise.
    const onB = (headers: Record<string, string>, url = '/api/protected/user') =>
      call(b, 'GET', url, undefined, headers);
    const soon = async (check: () => Promise<boolean>) => {
      const started = Date.now();
      while (!(await check())) {
        if (Date.now() - started > 2000) throw new Error('instance B still used its cached session');
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    expect(b.config.SESSION_CACHE_SECONDS).toBeGreaterThanOrEqual(30);
    const admin = await sessionFor(a, await makeAdmin(a));

    const locked = await makeUser(a);
    const lockedHeaders = await sessionFor(a, locked);
    expect((await onB(lockedHeaders, '/api/users')).statusCode).toBe(200); // now cached on B
    await call(a, 'POST', `/api/admin/users/${locked.id}/lock`, {}, admin);
    await soon(async () => (await onB(lockedHeaders, '/api/users')).statusCode === 403);

    const leaving = await sessionFor(a, await makeUser(a));
    expect((await onB(leaving)).statusCode).toBe(200);
    await call(a, 'POST', '/api/logout', {}, leaving);
    await soon(async () => (await onB(leaving)).statusCode === 401);

    const renamed = await makeUser(a);
    const renamedHeaders = await sessionFor(a, renamed);
    expect((await onB(renamedHeaders)).statusCode).toBe(200);
    const form = await injectForm(
      a,
      'PUT',
      '/api/profile',
      formOf({ username: 'Moved to 4B' }),
      renamedHeaders,
    );
    expect(form.statusCode, form.body).toBe(200);
    await soon(
      async () =>
        (await onB(renamedHeaders)).json<{ user: { username: string } }>().user.username === 'Moved to 4B',
    );
  });

  it('R-RT-8: presence spans instances — a resident on A is online for a resident on B, and goes offline', async () => {
    const onA = await makeUser(a);
    const onB = await makeUser(a);
    const watcher = await connected(urlB, (await sessionFor(a, onB)).cookie);
    sockets.push(watcher);
    const online = () => [...watcher.online()];
    const visitor = await connected(urlA, (await sessionFor(a, onA)).cookie);
    await until(() => online().includes(onA.id) && online().includes(onB.id));
    visitor.close();
    await until(() => !online().includes(onA.id));
    expect(online()).toContain(onB.id);
  });

  it('R-RT-11: a resident with sockets on both instances stays online until the last one closes', async () => {
    const roaming = await makeUser(a);
    const headers = await sessionFor(a, roaming);
    const watching = await makeUser(a);
    const watcher = await connected(urlA, (await sessionFor(a, watching)).cookie);
    sockets.push(watcher);
    const onA = await connected(urlA, headers.cookie);
    const onB = await connected(urlB, headers.cookie);
    sockets.push(onA, onB);
    await until(() => watcher.online().has(roaming.id));
    onA.close();
    // Two windows: the instance the socket left has looked across the cluster and announced nothing.
    await new Promise((resolve) => setTimeout(resolve, 2 * PRESENCE_WINDOW_MS + 100));
    expect(watcher.online().has(roaming.id)).toBe(true);
    expect(
      watcher.of('presence:changed').some((c) => (c as { offline: string[] }).offline.includes(roaming.id)),
    ).toBe(false);
    onB.close();
    await until(() => !watcher.online().has(roaming.id));
    // A late joiner on either instance gets the whole set, the watcher included.
    const late = await connected(urlB, (await sessionFor(a, await makeUser(a))).cookie);
    sockets.push(late);
    await until(() => late.of('presence').length > 0);
    expect(late.online().has(watching.id)).toBe(true);
    expect(late.online().has(roaming.id)).toBe(false);
  });

  it('R-DELIVERY-5: a message posted through instance A reaches a member connected to instance B, once', async () => {
    const author = await makeUser(a);
    const reader = await makeUser(a);
    const authorHeaders = await sessionFor(a, author);
    const readerHeaders = await sessionFor(a, reader);
    const channel = await makeChannel(a, authorHeaders);
    await sendText(a, readerHeaders, channel.id, 'joining'); // posting joins the channel
    const socket = await connected(urlB, readerHeaders.cookie);
    sockets.push(socket);
    const sent = await sendText(a, authorHeaders, channel.id, 'package room is open until 8');
    await until(() => socket.messages('message:new').some((m) => m.id === sent.id));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(socket.messages('message:new').filter((m) => m.id === sent.id)).toHaveLength(1);
  });

  it('R-ACCESS-9: each socket on either instance gets exactly one copy, its own; an author whose channel was hidden gets nothing', async () => {
    const author = await makeUser(a);
    const authorHeaders = await sessionFor(a, author);
    const adminHeaders = await sessionFor(a, await makeAdmin(a));
    const readerHeaders = await sessionFor(a, await makeUser(a));
    const channel = await makeChannel(a, adminHeaders);
    const [mineOnA, mineOnB, reader, admin] = [
      await connected(urlA, authorHeaders.cookie),
      await connected(urlB, authorHeaders.cookie),
      await connected(urlB, readerHeaders.cookie),
      await connected(urlA, adminHeaders.cookie),
    ];
    sockets.push(mineOnA, mineOnB, reader, admin);
    const everyone = [mineOnA, mineOnB, reader, admin];
    const copies = (s: Recorder, event: 'message:new' | 'message:liked', id: string): Message[] =>
      s.messages(event).filter((m) => m.id === id);
    const inMemberRoom = async () =>
      (await b.io.in(memberRoom(channel.id, author.id)).fetchSockets()).map((s) => s.id).sort();
    expect(await inMemberRoom()).toEqual([mineOnA.socket.id, mineOnB.socket.id].sort());

    const sent = await sendText(b, authorHeaders, channel.id, 'Recycling goes out Tuesday');
    await until(() => everyone.every((s) => copies(s, 'message:new', sent.id).length > 0));
    await settle();
    const resident = { edit: false, delete: false, hide: false, report: true, react: true };
    const ofAdmin = { edit: false, delete: true, hide: true, report: true, react: true };
    expect(copies(mineOnA, 'message:new', sent.id)).toEqual([sent]);
    expect(copies(mineOnB, 'message:new', sent.id)).toEqual([sent]);
    expect(copies(reader, 'message:new', sent.id)).toEqual([{ ...sent, abilities: resident }]);
    expect(copies(admin, 'message:new', sent.id)).toEqual([{ ...sent, abilities: ofAdmin }]);

    // Hidden through B: both instances' author sockets leave the room and their member room.
    const hide = () =>
      call(b, 'PATCH', `/api/conversations/${channel.id}/admin-hide-channel`, {}, adminHeaders);
    expect((await hide()).statusCode).toBe(200);
    const dropped = (s: Recorder) =>
      s
        .of('conversation:deleted')
        .some((p) => (p as { conversationId: string }).conversationId === channel.id);
    await until(() => dropped(mineOnA) && dropped(mineOnB));
    expect(await inMemberRoom()).toEqual([]);
    expect((await call(a, 'POST', `/api/messages/${sent.id}/like`, {}, adminHeaders)).statusCode).toBe(200);
    await until(() => copies(admin, 'message:liked', sent.id).length > 0);
    await settle();
    expect(copies(mineOnA, 'message:liked', sent.id)).toEqual([]);
    expect(copies(mineOnB, 'message:liked', sent.id)).toEqual([]);
    expect(copies(reader, 'message:liked', sent.id)).toEqual([]);

    // Unhidden through A: every socket on both instances joins again, member rooms too.
    expect((await hide()).statusCode).toBe(200);
    for (let tries = 0; tries < 100 && (await inMemberRoom()).length < 2; tries += 1) await settle(20);
    expect(await inMemberRoom()).toEqual([mineOnA.socket.id, mineOnB.socket.id].sort());
    const heardBefore = everyone.map((s) => copies(s, 'message:liked', sent.id).length);
    expect((await call(a, 'DELETE', `/api/messages/${sent.id}/like`, {}, adminHeaders)).statusCode).toBe(200);
    const unliked = (s: Recorder) =>
      copies(s, 'message:liked', sent.id).slice(heardBefore[everyone.indexOf(s)]);
    await until(() => everyone.every((s) => unliked(s).length > 0));
    await settle();
    for (const [s, abilities] of [
      [mineOnA, sent.abilities],
      [mineOnB, sent.abilities],
      [reader, resident],
      [admin, ofAdmin],
    ] as const)
      expect(unliked(s).map((m) => m.abilities)).toEqual([abilities]);
  });
});
