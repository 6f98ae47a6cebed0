import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usingPostgres } from '../test/database.ts';
import { buildCompiledServer, spawnServer, type ServerProcess } from '../test/processes.ts';

/** Two starts of the compiled server (the first makes the data folder) on a loaded machine. */
const TIMEOUT_MS = 240_000;

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

// R-OPS-21: packages used on demand are not loaded by a start.
describe.skipIf(usingPostgres())('R-OPS-21: what an embedded start loads', () => {
  let dir = '';
  let server: ServerProcess | undefined;
  let loaded: string[] = [];

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
    await (await spawnServer('start-loads-first', env)).stop();
    server = await spawnServer('start-loads', env, { nodeArgs: ['--require', recorder] });
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
});
