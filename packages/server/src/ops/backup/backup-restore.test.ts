import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { loadConfig, type Config } from '../../config.ts';
import {
  PNG_1X1,
  formOf,
  injectForm,
  makeChannel,
  makeDirect,
  sendText,
} from '../../conversations/testing.ts';
import { migrateDatabase, openPg, openPglite, type Database } from '../../db/client.ts';
import { tableChecksums, writeMark } from '../../test/checksum.ts';
import { createTestDatabase, usingPostgres } from '../../test/database.ts';
import { makeAdmin, makeUser, sessionFor } from '../../test/helpers.ts';
import { createBackup } from './backup.ts';
import { restoreBackup } from './restore.ts';
import { stoopTableCount, wipeStoopSchemas } from './repo.ts';

/** Building an app on a fresh database can take over a minute on a loaded machine. */
const SETUP_TIMEOUT_MS = 300_000;

let dataDir = '';
let config: Config;
let database: Database;

/** Every file under the upload folder with its bytes. */
async function uploadBytes(dir: string): Promise<Record<string, string>> {
  if (!existsSync(dir)) return {};
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const out: Record<string, string> = {};
  for (const entry of entries.filter((e) => e.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, file)] = (await readFile(file)).toString('base64');
  }
  return out;
}

/** Waits until nothing has written for a while (the push dispatcher settles the sends' jobs). */
async function quiet(db: Database['db']): Promise<void> {
  let mark = await writeMark(db);
  let still = 0;
  for (let i = 0; i < 100 && still < 3; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const next = await writeMark(db);
    still = next === mark ? still + 1 : 0;
    mark = next;
  }
}

/** The database this test's configuration names: PGlite in DATA_DIR/db, or PostgreSQL. */
async function openConfigured(): Promise<Database> {
  return config.DATABASE_URL ? openPg(config.DATABASE_URL) : openPglite(path.join(dataDir, 'db'));
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'stoop-backup-test-'));
  const env = {
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    DATA_DIR: dataDir,
    // Pushes for the seeded sends are settled at once, so the data holds still for the checksums.
    PUSH_COLLAPSE_MS: '0',
    // R-LIMIT-13: as in every test app, no lag bound: a busy machine's loop, not a flood, would
    // otherwise refuse the seeded sends.
    SEND_QUEUE_MAX_LAG_MS: '600000',
  };
  if (usingPostgres()) {
    database = await createTestDatabase();
    const pool = database.client as { options: { connectionString?: string } };
    config = loadConfig({ ...env, DATABASE_URL: pool.options.connectionString });
  } else {
    config = loadConfig(env);
    database = await openConfigured();
    await migrateDatabase(database);
  }
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A small community: an admin, residents, a channel and a direct conversation, an uploaded file. */
async function seedCommunity(app: FastifyInstance): Promise<void> {
  const admin = await makeAdmin(app);
  const alice = await makeUser(app);
  const bob = await makeUser(app);
  const adminHeaders = await sessionFor(app, admin);
  const aliceHeaders = await sessionFor(app, alice);
  const channel = await makeChannel(app, adminHeaders, 'lobby');
  await app.inject({ method: 'POST', url: `/api/conversations/${channel.id}/join`, headers: aliceHeaders });
  for (let i = 0; i < 5; i += 1) await sendText(app, adminHeaders, channel.id, `Welcome ${i}`);
  const direct = await makeDirect(app, aliceHeaders, bob.id);
  await sendText(app, aliceHeaders, direct.id, 'Hi Bob, parcel for you downstairs');
  const sent = await injectForm(
    app,
    'POST',
    `/api/conversations/${direct.id}/messages`,
    formOf({ content: 'the parcel' }, { name: 'dot.png', bytes: PNG_1X1, type: 'image/png' }),
    aliceHeaders,
  );
  expect(sent.statusCode).toBe(201);
}

/** POST /ops/backup answers only a loopback caller, not relayed, with the token of server.json. */
async function expectOnlyTheTokenHolderOnLoopback(app: FastifyInstance): Promise<void> {
  const running = JSON.parse(await readFile(path.join(dataDir, 'server.json'), 'utf8')) as { token: string };
  const bearer = { authorization: `Bearer ${running.token}` };
  const ask = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'POST', url: '/ops/backup', headers, remoteAddress });
  expect((await ask({})).statusCode).toBe(404);
  expect((await ask({ authorization: 'Bearer not-the-token' })).statusCode).toBe(404);
  expect((await ask(bearer, '203.0.113.9')).statusCode).toBe(404);
  expect((await ask({ ...bearer, 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
  expect((await app.inject({ method: 'GET', url: '/ops/backup', headers: bearer })).statusCode).toBe(404);
  const allowed = await ask(bearer);
  expect(allowed.statusCode).toBe(200);
  expect(allowed.headers['content-type']).toBe('application/x-tar');
}

describe('backup and restore (R-OPS-13, R-OPS-14)', () => {
  it(
    'restores the same rows and upload bytes after the data is wiped',
    async () => {
      const app = await buildApp(config, { database, logger: false });
      await seedCommunity(app);
      // The embedded database is copied by the running server (R-OPS-13): it listens, as in production.
      await app.listen({ port: 0, host: '127.0.0.1' });
      if (!usingPostgres()) await expectOnlyTheTokenHolderOnLoopback(app);

      await quiet(database.db);
      const before = await tableChecksums(database.db);
      const filesBefore = await uploadBytes(config.UPLOAD_DIR);
      expect(Object.keys(filesBefore).length).toBeGreaterThanOrEqual(1);

      const archive = path.join(dataDir, 'community.tar.gz');
      const summary = await createBackup(config, archive);
      expect(summary).toMatchObject({
        database: usingPostgres() ? 'postgresql' : 'pglite',
        fromRunningServer: !usingPostgres(),
      });
      await app.close();
      // Nothing wrote while the copy was taken, so the copy must hold exactly `before`.
      expect(await tableChecksums(database.db)).toEqual(before);

      // A restore refuses to overwrite a database that is not empty (R-OPS-14).
      await expect(restoreBackup(config, archive, { force: false })).rejects.toThrow(/not empty.*--force/);

      // Wipe: the database and the uploads are gone.
      if (usingPostgres()) {
        await wipeStoopSchemas(database.db);
        expect(await stoopTableCount(database.db)).toBe(0);
      } else {
        await database.close();
        await rm(path.join(dataDir, 'db'), { recursive: true, force: true });
      }
      await rm(config.UPLOAD_DIR, { recursive: true, force: true });

      await restoreBackup(config, archive, { force: false });
      if (!usingPostgres()) database = await openConfigured();
      expect(await tableChecksums(database.db)).toEqual(before);
      expect(await uploadBytes(config.UPLOAD_DIR)).toEqual(filesBefore);

      // The restored data serves: a fresh app on it starts (migrations are up to date) and answers.
      const again = await buildApp(config, { database, logger: false });
      const ready = await again.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      await again.close();
    },
    SETUP_TIMEOUT_MS,
  );
});
