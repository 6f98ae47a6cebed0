import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp } from './test/helpers.ts';
import { call, expectError } from './test/http.ts';

let t: TestApp;
beforeAll(async () => {
  const web = await mkdtemp(path.join(tmpdir(), 'stoop-web-'));
  await writeFile(path.join(web, 'index.html'), '<!doctype html><title>Stoop</title>');
  await writeFile(path.join(web, 'app.js'), 'console.log(1)');
  await writeFile(path.join(web, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  await mkdir(path.join(web, 'assets'));
  await writeFile(path.join(web, 'assets', 'index-abc123.js'), 'console.log(2)');
  t = await createTestApp({ WEB_DIST_DIR: web });
});
afterAll(async () => t.close());

describe('app', () => {
  it('issue: the OpenAPI document is generated from the zod schemas at /api/docs/json', async () => {
    const res = await call(t.app, 'GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/signup', '/api/users/{id}', '/api/admin/users']),
    );
    const ui = await call(t.app, 'GET', '/api/docs');
    expect(ui.statusCode).toBeLessThan(400);
  });

  it('R-ERR-11: unknown /api routes give a JSON 404 in the common error shape', async () => {
    expectError(await call(t.app, 'GET', '/api/nope'), 404, { code: 'NOT_FOUND' });
    expectError(await call(t.app, 'POST', '/api/nope', {}, csrfHeaders(t.app)), 404);
  });

  it('R-GUARD-4: the root path serves the app shell (the guard redirects by state from there)', async () => {
    const root = await call(t.app, 'GET', '/');
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-type']).toContain('text/html');
    expect(root.headers['cache-control']).toBe('no-cache');
    expect(root.body).toContain('<title>Stoop</title>');
  });

  it('the built web app is served, with the SPA fallback to index.html for other GETs', async () => {
    expect((await call(t.app, 'GET', '/app.js')).body).toContain('console.log');
    const deep = await call(t.app, 'GET', '/main_dashboard/chat-intro');
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toContain('text/html');
    expect(deep.body).toContain('<title>Stoop</title>');
  });

  it('R-PWA-3: sw.js is revalidated on every check, hashed assets are cached for good', async () => {
    const worker = await call(t.app, 'GET', '/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const asset = await call(t.app, 'GET', '/assets/index-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a file built after start-up is served at once, and a missing asset is a 404, not the app shell', async () => {
    await writeFile(path.join(t.config.WEB_DIST_DIR, 'assets', 'index-new456.js'), 'console.log(3)');
    expect((await call(t.app, 'GET', '/assets/index-new456.js')).body).toContain('console.log(3)');
    const missing = await call(t.app, 'GET', '/assets/index-gone789.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toContain('text/html');
  });

  it('security headers are set (helmet) on answers, errors and unknown routes alike', async () => {
    for (const [url, status] of [
      ['/api/csrf-token', 200],
      ['/api/protected/user', 401],
      ['/api/no-such-route', 404],
    ] as const) {
      const res = await call(t.app, 'GET', url);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });
});
