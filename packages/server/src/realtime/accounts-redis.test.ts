import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../test/database.ts';
import { makeAdmin, makeUser, sessionFor } from '../test/helpers.ts';
import { call } from '../test/http.ts';
import { connected, refusal, type Recorder } from './testing.ts';

/**
 * Server mode: a lock made on one instance ends the user's sockets on another (the Redis adapter
 * carries the emit and the disconnect). Needs TEST_REDIS_URL, like the scale-out suite.
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) {
  console.error(
    '\nSKIPPED: cross-instance lock test — set TEST_REDIS_URL=redis://127.0.0.1:6379 to run it\n',
  );
}

describe.skipIf(!redisUrl)('DESIGN realtime across instances (Redis adapter)', () => {
  let database: Database;
  let dataDir: string;
  let a: FastifyInstance;
  let b: FastifyInstance;
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
    await a.ready();
    urlB = await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await a?.close();
    await b?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("DESIGN realtime: a lock on instance A disconnects the user's socket on instance B at once", async () => {
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
});
