import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@stoop/shared';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { PNG_1X1, formOf, injectForm, makeDirect } from '../conversations/testing.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../test/database.ts';
import { makeUser, sessionFor } from '../test/helpers.ts';
import { avatarDir } from '../users/avatar.ts';
import { chatDir, incomingDir } from '../files/storage.ts';

let dataDir = '';
let database: Database;
let config: Config;

/** Building an app on a fresh database can take over a minute on a loaded machine. */
const SETUP_TIMEOUT_MS = 300_000;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'stoop-sweep-'));
  config = loadConfig({
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    DATA_DIR: dataDir,
    UPLOAD_SWEEP_GRACE_MS: String(60_000),
  });
  database = await createTestDatabase();
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Writes a file dated `ageMs` ago, as if left there by an earlier run. */
async function leave(dir: string, name: string, ageMs: number): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  await writeFile(file, 'left over');
  const when = new Date(Date.now() - ageMs);
  await utimes(file, when, when);
  return file;
}

describe('start-up sweep of uploads without a row (R-UPLOAD-8)', () => {
  it('removes old files no row references and keeps referenced and recent ones', async () => {
    // A first run stores an image (file + thumbnail rows) and then stops.
    const first = await buildApp(config, { database, logger: false });
    await first.ready();
    const sender = await makeUser(first);
    const other = await makeUser(first);
    const headers = await sessionFor(first, sender);
    const direct = await makeDirect(first, headers, other.id);
    const sent = await injectForm(
      first,
      'POST',
      `/api/conversations/${direct.id}/messages`,
      formOf({ content: 'photo' }, { name: 'dot.png', bytes: PNG_1X1, type: 'image/png' }),
      headers,
    );
    expect(sent.statusCode).toBe(201);
    await first.close();
    const kept = await readdir(chatDir(config.UPLOAD_DIR));
    expect(kept).toHaveLength(2); // the image and its thumbnail
    for (const name of kept) {
      const old = new Date(Date.now() - 3_600_000);
      await utimes(path.join(chatDir(config.UPLOAD_DIR), name), old, old);
    }

    // A crash left bytes whose rows never committed, a half-received upload and an unused avatar.
    const hour = 3_600_000;
    const orphans = [
      await leave(chatDir(config.UPLOAD_DIR), '0190aaaa-0000-7000-8000-000000000001.bin', hour),
      await leave(chatDir(config.UPLOAD_DIR), '0190aaaa-0000-7000-8000-000000000001.thumb.webp', hour),
      await leave(incomingDir(config.UPLOAD_DIR), '0190aaaa-0000-7000-8000-000000000002.part', hour),
      await leave(avatarDir(config.UPLOAD_DIR), '0190aaaa-0000-7000-8000-000000000003.webp', hour),
    ];
    // Within the grace period: another instance may be about to commit its row.
    const recent = await leave(chatDir(config.UPLOAD_DIR), '0190aaaa-0000-7000-8000-000000000004.bin', 1000);

    const second = await buildApp(config, { database, logger: false });
    await second.ready();
    try {
      for (const file of orphans) expect(existsSync(file), file).toBe(false);
      expect(existsSync(recent)).toBe(true);
      expect((await readdir(chatDir(config.UPLOAD_DIR))).sort()).toEqual(
        [...kept, path.basename(recent)].sort(),
      );
      // The referenced file still downloads.
      const message = sent.json<{ message: Message }>().message;
      const download = await second.inject({ method: 'GET', url: message.fileUrl ?? '', headers });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(PNG_1X1)).toBe(true);
    } finally {
      await second.close();
    }
  });
});

describe('periodic sweep while the server runs (R-UPLOAD-12)', () => {
  it('removes an orphan left after start-up without a restart, and keeps a recent one', async () => {
    const app = await buildApp({ ...config, UPLOAD_SWEEP_INTERVAL_MS: 200 }, { database, logger: false });
    await app.ready();
    try {
      const hour = 3_600_000;
      const orphan = await leave(
        chatDir(config.UPLOAD_DIR),
        '0190aaaa-0000-7000-8000-000000000011.bin',
        hour,
      );
      const recent = await leave(
        chatDir(config.UPLOAD_DIR),
        '0190aaaa-0000-7000-8000-000000000012.bin',
        1000,
      );
      const deadline = Date.now() + 10_000;
      while (existsSync(orphan) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(existsSync(orphan)).toBe(false);
      expect(existsSync(recent)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
