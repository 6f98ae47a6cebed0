import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formOf, injectForm, makeChannel, type Headers } from '../conversations/testing.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createTestApp, makeUser, sessionFor, type TestApp } from '../test/helpers.ts';
import { expectError } from '../test/http.ts';
import { testRedisUrl } from '../test/redis.ts';

const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789';
const OUTSIDE = '203.0.113.7';

let t: TestApp;
let resident: Headers;
let webDist: string;
beforeAll(async () => {
  // A web build present, so the SPA fallback would answer the probes if they were not routes.
  webDist = await mkdtemp(path.join(tmpdir(), 'stoop-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Stoop</title>');
  t = await createTestApp({ METRICS_TOKEN, WEB_DIST_DIR: webDist });
  resident = await sessionFor(t.app, await makeUser(t.app));
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('GET /healthz and /readyz', () => {
  it('liveness answers JSON, never the app page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: OUTSIDE });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('readiness checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz', remoteAddress: OUTSIDE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
  });
});

describe('GET /metrics', () => {
  it('serves Prometheus text to a loopback client', async () => {
    const channel = await makeChannel(t.app, resident);
    const sent = await injectForm(
      t.app,
      'POST',
      `/api/conversations/${channel.id}/messages`,
      formOf({ content: 'counted', clientMessageId: 'metrics-1' }),
      resident,
    );
    expect(sent.statusCode).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(
      /stoop_http_request_duration_seconds_count\{method="POST",route="\/api\/conversations\/:id\/messages",status_code="201"\} 1/,
    );
    expect(text).toMatch(/^stoop_messages_sent_total 1$/m);
    expect(text).toMatch(/^stoop_open_sockets 0$/m);
    expect(text).toContain('# TYPE stoop_db_pool_connections gauge');
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it("R-OPS-20: a webhook's secret and a calendar feed's token never become a metric label", async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/hooks/0190c0c0-0000-7000-8000-000000000001/hook-secret-in-metrics',
      payload: { text: 'hello' },
    });
    await t.app.inject({ method: 'GET', url: '/api/calendar/feed-token-in-metrics.ics' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toMatch(/route="\/api\/hooks\/:id\/:secret"/);
    expect(res.body).not.toContain('hook-secret-in-metrics');
    expect(res.body).not.toContain('feed-token-in-metrics');
  });

  it('refuses a non-loopback client without the token', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDE }), 403);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: OUTSIDE,
      headers: { authorization: 'Bearer not-the-token' },
    });
    expectError(wrong, 403);
  });

  it('refuses a loopback connection relaying an outside client (a local proxy)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': OUTSIDE },
    });
    expectError(res, 403);
  });

  it('serves a non-loopback client with the bearer token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: OUTSIDE,
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('stoop_http_request_duration_seconds_bucket');
  });
});

describe('readiness with Redis', () => {
  const url = testRedisUrl('ops readiness with Redis');
  it.skipIf(!url)('checks Redis when REDIS_URL is set', async () => {
    const withRedis = await createTestApp({ REDIS_URL: url, REDIS_PREFIX: `test-ops-${Date.now()}:` });
    try {
      const res = await withRedis.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
    } finally {
      await withRedis.close();
    }
  });
});

describe('METRICS_TOKEN', () => {
  it('must be long enough and free of spaces', () => {
    const env = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: tmpdir() };
    expect(() => loadConfig({ ...env, METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, METRICS_TOKEN: 'has spaces in it but is long enough' })).toThrow(
      /METRICS_TOKEN/,
    );
    expect(loadConfig({ ...env, METRICS_TOKEN }).METRICS_TOKEN).toBe(METRICS_TOKEN);
  });
});
