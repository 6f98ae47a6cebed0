import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';

/** Building an app on a fresh database can take over a minute on a loaded machine. */
const SETUP_TIMEOUT_MS = 300_000;
const SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/compress-web.mjs');

let t: TestApp;
let dist = '';
const script = `console.log(${JSON.stringify('stoop '.repeat(800))});\n`;
const html = `<!doctype html><html><head><title>Stoop</title></head><body>${'<p>hi</p>'.repeat(200)}</body></html>`;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'stoop-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), html);
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), script);
  await writeFile(path.join(dist, 'assets', 'tiny-abc123.js'), 'export {};\n');
  // The build step itself writes the twins.
  const built = spawnSync(process.execPath, [SCRIPT, dist], { encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  t = await createTestApp({ WEB_DIST_DIR: dist });
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('precompressed web assets (R-OPS-10)', () => {
  it('the build writes brotli and gzip twins of text assets, not of tiny files', () => {
    expect(existsSync(path.join(dist, 'assets', 'app-abc123.js.br'))).toBe(true);
    expect(existsSync(path.join(dist, 'assets', 'app-abc123.js.gz'))).toBe(true);
    expect(existsSync(path.join(dist, 'index.html.br'))).toBe(true);
    expect(existsSync(path.join(dist, 'assets', 'tiny-abc123.js.br'))).toBe(false);
  });

  it('sends brotli when accepted, else gzip, else the plain file, always varying on the encoding', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['content-type'])).toMatch(/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('serves the app shell compressed but never cached for long', async () => {
    const shell = await get('/', 'br');
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['content-encoding']).toBe('br');
    expect(String(shell.headers['content-type'])).toMatch(/text\/html/);
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(shell.rawPayload).toString()).toBe(html);
  });
});
