import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socketEventSchemas } from '@stoop/shared';
import { call } from '../test/http.ts';
import {
  createTestApp,
  makeAdmin,
  makeUser,
  sessionFor,
  type AuthHeaders,
  type TestApp,
} from '../test/helpers.ts';
import { connected, disconnection, refusal, settle, until, type Recorder } from './testing.ts';

let t: TestApp;
let url: string;
let admin: AuthHeaders;
const sockets: Recorder[] = [];
const open = async (headers: AuthHeaders) => {
  const recorder = await connected(url, headers.cookie);
  sockets.push(recorder);
  return recorder;
};

beforeAll(async () => {
  t = await createTestApp();
  // A listening server: the sockets below are real network clients.
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await sessionFor(t.app, await makeAdmin(t.app));
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

describe('R-LOCK-5: a lock takes effect at once', () => {
  it("R-LOCK-5: a locked user's sockets get user:locked, are disconnected at once, and a reconnect is refused", async () => {
    const target = await makeUser(t.app);
    const headers = await sessionFor(t.app, target);
    const other = await open(await sessionFor(t.app, await makeUser(t.app)));
    const [first, second] = [await open(headers), await open(headers)];
    const ended = [disconnection(first), disconnection(second)];

    const res = await call(
      t.app,
      'POST',
      `/api/admin/users/${target.id}/lock`,
      { reason: 'admin_lock' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);

    // The server ends the sockets ('io server disconnect'), after the notice arrived.
    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(first.of('user:locked')).toEqual([{ userId: target.id }]);
    expect(second.of('user:locked')).toEqual([{ userId: target.id }]);
    expect(other.of('user:locked')).toEqual([]);
    expect(other.socket.connected).toBe(true);
    expect(await refusal(url, headers.cookie)).toBe('ACCOUNT_LOCKED');
  });

  it('R-LOCK-6: unlock and approve emit nothing to the user; the next connect succeeds', async () => {
    const pending = await makeUser(t.app, { locked: true });
    const headers = await sessionFor(t.app, pending);
    expect(await refusal(url, headers.cookie)).toBe('ACCOUNT_LOCKED');
    const res = await call(t.app, 'POST', `/api/admin/users/${pending.id}/approve`, undefined, admin);
    expect(res.statusCode, res.body).toBe(200);
    const socket = await open(headers);
    await settle();
    expect(socket.socket.connected).toBe(true);
    expect(socket.of('user:locked')).toEqual([]);
  });

  it('R-RT-9: a role change ends the sockets without a lock notice so they rejoin with the new role', async () => {
    const target = await makeUser(t.app);
    const headers = await sessionFor(t.app, target);
    const socket = await open(headers);
    const ended = disconnection(socket);
    const res = await call(t.app, 'POST', `/api/admin/users/${target.id}/role`, { role: 'admin' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(await ended).toBe('io server disconnect');
    expect(socket.of('user:locked')).toEqual([]);
    expect(await refusal(url, headers.cookie)).toBe('connected');
  });
});

describe('R-RT-5: profile updates are live', () => {
  it('R-RT-5, R-API-7: after PUT /api/profile another resident receives profile:updated with the public shape, no email', async () => {
    const author = await makeUser(t.app, { username: 'Mina Cho' });
    const headers = await sessionFor(t.app, author);
    const [mine, neighbour] = [
      await open(headers),
      await open(await sessionFor(t.app, await makeUser(t.app))),
    ];

    const res = await call(
      t.app,
      'PUT',
      '/api/profile',
      { description: 'Plants on 3rd floor', metadata: { pets: 'cat' } },
      headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    await until(() => neighbour.of('profile:updated').length > 0);

    const [payload] = neighbour.of('profile:updated') as { user: Record<string, unknown> }[];
    expect(payload?.user).toMatchObject({
      id: author.id,
      username: 'Mina Cho',
      description: 'Plants on 3rd floor',
    });
    expect(payload?.user).not.toHaveProperty('email');
    expect(payload?.user).not.toHaveProperty('isLocked');
    expect(JSON.stringify(payload)).not.toContain(author.email);
    // The author's other tabs hear it too.
    await until(() => mine.of('profile:updated').length > 0);
  });

  it('a failed PUT /api/profile broadcasts nothing', async () => {
    const headers = await sessionFor(t.app, await makeUser(t.app));
    const neighbour = await open(await sessionFor(t.app, await makeUser(t.app)));
    const res = await call(t.app, 'PUT', '/api/profile', { username: 'x' }, headers);
    expect(res.statusCode).toBe(400);
    await settle();
    expect(neighbour.of('profile:updated')).toEqual([]);
  });

  it('R-RT-5: a client-sent profile:updated is a notice only; garbage is ignored without a broadcast', async () => {
    const sender = await open(await sessionFor(t.app, await makeUser(t.app)));
    const neighbour = await open(await sessionFor(t.app, await makeUser(t.app)));
    const garbage: unknown[] = [
      { user: { id: 'x', username: '<script>', email: 'leak@example.com' } },
      'not an object',
      null,
      42,
      [1, 2, 3],
    ];
    // socket.io's typed emit only takes the notice; the cast sends what a hostile client could.
    const raw = sender.socket as unknown as { emit: (name: string, payload: unknown) => void };
    for (const payload of garbage) raw.emit('profile:updated', payload);
    sender.socket.emit('profile:updated', {});
    await settle();
    expect(neighbour.of('profile:updated')).toEqual([]);
    expect(sender.of('profile:updated')).toEqual([]);
    // Still serving: the sender's socket is alive and answers a round trip.
    expect(sender.socket.connected).toBe(true);
    await new Promise<void>((resolve) =>
      sender.socket.emit('conversation:leave', { conversationId: 'none' }, () => resolve()),
    );
  });

  it('an approval tells connected residents about the newcomer (public shape)', async () => {
    const pending = await makeUser(t.app, { locked: true, username: 'New Neighbour' });
    const neighbour = await open(await sessionFor(t.app, await makeUser(t.app)));
    const res = await call(t.app, 'POST', `/api/admin/users/${pending.id}/approve`, undefined, admin);
    expect(res.statusCode, res.body).toBe(200);
    await until(() => neighbour.of('profile:updated').length > 0);
    const payload = socketEventSchemas['profile:updated'].parse(neighbour.of('profile:updated')[0]);
    expect(payload.user).toMatchObject({ id: pending.id, username: 'New Neighbour' });
    expect(payload.user).not.toHaveProperty('email');
  });
});
