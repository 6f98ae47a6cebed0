import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { makeDirect, sendText } from '../conversations/testing.ts';
import type { Database } from '../db/client.ts';
import { mailItems } from '../db/schema/index.ts';
import { connected, settle, type Recorder } from '../realtime/testing.ts';
import { createTestDatabase } from '../test/database.ts';
import { makeAdmin, makeUser, sessionFor, type AuthHeaders } from '../test/helpers.ts';
import { call } from '../test/http.ts';
import { testRedisUrl } from '../test/redis.ts';
import { startSmtp, type TestSmtp } from './testing.ts';

/**
 * R-REACH-1 across instances: two servers on one PostgreSQL database and one Redis, both running the
 * mail round against one real SMTP server. A resident without a socket gets one batched mail, not
 * one per instance; a socket on the other instance, or a read there, means no mail.
 */
const redisUrl = testRedisUrl('notification mail across two instances');

describe.skipIf(!redisUrl)('notification mail with two instances', () => {
  let smtp: TestSmtp;
  let database: Database;
  let dataDir: string;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let urlB: string;
  const sockets: Recorder[] = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    dataDir = await mkdtemp(path.join(tmpdir(), 'stoop-test-'));
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'test-session-secret-that-is-long-enough-000',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent-web-dist',
      PUBLIC_URL: 'http://stoop.test',
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `stoop-test-${randomBytes(4).toString('hex')}:`,
      SMTP_URL: smtp.url,
      EMAIL_NOTIFY_DELAY_SECONDS: '2',
      EMAIL_NOTIFY_URGENT_DELAY_SECONDS: '0',
      // Both rounds look often, so both race for every due item.
      EMAIL_NOTIFY_POLL_MS: '20',
    });
    database = await createTestDatabase();
    a = await buildApp(config, { database, logger: false });
    b = await buildApp(config, { database, logger: false });
    await a.listen({ port: 0, host: '127.0.0.1' });
    urlB = await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await a?.close();
    await b?.close();
    await database?.close();
    await smtp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const mailsTo = (email: string) => smtp.mails.filter((m) => JSON.stringify(m.to ?? '').includes(email));

  /** Waits until every item queued for the resident has an outcome; answers the outcomes. */
  async function settled(userId: string) {
    let rows: (typeof mailItems.$inferSelect)[] = [];
    for (let i = 0; i < 200 && !(rows.length > 0 && rows.every((r) => r.sentAt !== null)); i += 1) {
      rows = await database.db.select().from(mailItems).where(eq(mailItems.userId, userId));
      await settle(50);
    }
    return rows;
  }

  async function resident(): Promise<{ id: string; email: string; headers: AuthHeaders }> {
    const user = await makeUser(a);
    return { id: user.id, email: user.email, headers: await sessionFor(a, user) };
  }

  it('R-REACH-1: messages sent through both instances to a resident with no socket are one mail, once', async () => {
    const priya = await resident();
    const bob = await resident();
    const direct = await makeDirect(a, priya.headers, bob.id);
    await sendText(a, priya.headers, direct.id, 'Through the first instance');
    await sendText(b, priya.headers, direct.id, 'And through the second');
    const rows = await settled(bob.id);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.dropped === null)).toBe(true);
    // Both rounds kept looking for a while: still one mail.
    await settle(500);
    const mails = mailsTo(bob.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Through the first instance');
    expect(mails[0]?.text).toContain('And through the second');
  });

  it('R-REACH-1: an urgent announcement to many residents mails each once', async () => {
    const admin = await sessionFor(a, await makeAdmin(a));
    const residents = await Promise.all(Array.from({ length: 12 }, () => makeUser(a)));
    const res = await call(
      b,
      'POST',
      '/api/announcements',
      { title: 'Lift out of order', body: 'The engineer comes at noon.', urgent: true },
      admin,
    );
    expect(res.statusCode, res.body).toBe(201);
    for (const r of residents) await settled(r.id);
    await settle(500);
    for (const r of residents) expect(mailsTo(r.email), r.email).toHaveLength(1);
  });

  it('R-REACH-1: a socket open on the other instance means no mail', async () => {
    const priya = await resident();
    const dana = await resident();
    sockets.push(await connected(urlB, dana.headers.cookie));
    const direct = await makeDirect(a, priya.headers, dana.id);
    await sendText(a, priya.headers, direct.id, 'You are online on the other server');
    const rows = await settled(dana.id);
    expect(rows.map((r) => r.dropped)).toEqual(['online']);
    expect(mailsTo(dana.email)).toHaveLength(0);
  });

  it('R-REACH-1: read through the other instance before the delay ends: no mail', async () => {
    const priya = await resident();
    const erin = await resident();
    const direct = await makeDirect(a, priya.headers, erin.id);
    const message = await sendText(a, priya.headers, direct.id, 'Read me on your phone');
    const read = await call(
      b,
      'POST',
      `/api/conversations/${direct.id}/read`,
      { seq: message.seq },
      erin.headers,
    );
    expect(read.statusCode, read.body).toBeLessThan(300);
    const rows = await settled(erin.id);
    expect(rows.map((r) => r.dropped)).toEqual(['read or gone']);
    expect(mailsTo(erin.email)).toHaveLength(0);
  });
});
