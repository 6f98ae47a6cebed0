import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompiledServer, spawnServer, type ServerProcess } from '../test/processes.ts';
import { serverEnv, serverNodeFlags } from '../../../../scripts/build-server.mjs';

/**
 * Two starts of the compiled server on a loaded machine; the first makes the data folder (PGlite's
 * initdb and every migration), 10–25 s here at load 5 and more under a full test run.
 */
const START_TIMEOUT_MS = 180_000;
const TIMEOUT_MS = 2 * START_TIMEOUT_MS + 30_000;

/**
 * Loaded into the server with --require: on SIGUSR2 it writes the files of every CommonJS module
 * loaded so far (require.cache, which packages imported from the ESM bundle also land in).
 */
const RECORDER = `const { writeFileSync } = require('node:fs');
process.on('SIGUSR2', () => writeFileSync(process.env.LOADED_MODULES_FILE, JSON.stringify(Object.keys(require.cache))));
`;

/** Packages only some requests need; a start on an existing data folder loads none of them. */
const ON_FIRST_USE = [
  'web-push', // the first Web Push
  'yauzl', // the first WhatsApp import
  'sharp', // the first image
  'nodemailer', // the first mail
  '@node-rs/argon2', // the first password hashed or checked
  'ioredis', // server mode only
  'pg', // server mode only
];

const inPackage = (file: string, name: string) =>
  file.includes(`${path.sep}node_modules${path.sep}${name}${path.sep}`);

/** What glibc's main heap (the `[heap]` mapping) has resident, in MB. */
function mallocHeapMb(pid: number): number {
  let inHeap = false;
  let kb = 0;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) inHeap = line.endsWith('[heap]');
    else if (inHeap && line.startsWith('Rss:')) kb += Number(/(\d+)/.exec(line)?.[1] ?? 0);
  }
  return kb / 1024;
}

const ROOT = path.join(import.meta.dirname, '..', '..', '..', '..');

// R-OPS-21: packages used on demand are not loaded by a start. R-OPS-22: what the start keeps in
// glibc's heap. Of the embedded start alone, so the file runs in the server project only
// (`.embedded.test.ts`): the server-pg project would only skip it, and CI allows no skip.
describe('R-OPS-21, R-OPS-22: what an embedded start loads and keeps', () => {
  let dir = '';
  let server: ServerProcess | undefined;
  let loaded: string[] = [];
  let heapMb = Number.NaN;

  beforeAll(async () => {
    await buildCompiledServer();
    dir = await mkdtemp(path.join(tmpdir(), 'stoop-start-loads-'));
    const recorder = path.join(dir, 'record-loads.cjs');
    writeFileSync(recorder, RECORDER);
    const listFile = path.join(dir, 'loaded.json');
    const env = {
      DATA_DIR: path.join(dir, 'data'),
      ADMIN_EMAIL: 'admin@start-loads.test',
      ADMIN_PASSWORD: 'start-loads-admin-password',
      LOADED_MODULES_FILE: listFile,
    };
    // The first start makes the data folder and hashes the admin's password; the second is the
    // one measured, as every later start of an installation is.
    await (await spawnServer('start-loads-first', env, { startTimeoutMs: START_TIMEOUT_MS })).stop();
    server = await spawnServer('start-loads', env, {
      nodeArgs: ['--require', recorder],
      startTimeoutMs: START_TIMEOUT_MS,
    });
    await new Promise((r) => setTimeout(r, 3000)); // what the last requests of the start freed
    heapMb = mallocHeapMb(server.child.pid ?? 0);
    server.child.kill('SIGUSR2');
    const deadline = Date.now() + 10_000;
    while (!existsSync(listFile) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    loaded = JSON.parse(readFileSync(listFile, 'utf8')) as string[];
  }, TIMEOUT_MS);

  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('records the packages it does load (fastify, socket.io)', () => {
    expect(loaded.some((file) => inPackage(file, 'fastify'))).toBe(true);
    expect(loaded.some((file) => inPackage(file, 'socket.io'))).toBe(true);
  });

  it.each(ON_FIRST_USE)('does not load %s', (name) => {
    expect(loaded.filter((file) => inPackage(file, name))).toEqual([]);
  });

  // Without the 32 kB mmap threshold the heap kept 17–39 MB here, most of it free holes left by
  // V8's compilers (bench/RESULTS.md); with it about 10 MB.
  it("keeps glibc's heap under 16 MB", () => {
    expect(heapMb).toBeLessThan(16);
  });
});

// R-OPS-22: every way of starting the server that is written down uses the same environment and
// the same node flags.
describe('R-OPS-22: the start-up environment, written down', () => {
  const settings = Object.entries(serverEnv).map(([key, value]) => `${key}=${value}`);
  const files = ['packages/server/package.json', 'deploy/README.md', 'docs/operations.md'];
  it.each(files)('%s names serverEnv', (file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    for (const setting of settings) expect(text).toContain(setting);
  });
  it.each(files)('%s names serverNodeFlags', (file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    expect(text).toContain(`node ${serverNodeFlags.join(' ')} `);
  });
});
