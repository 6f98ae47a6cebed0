import { existsSync } from 'node:fs';
import { cp, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { dumpPgliteDataDir, openPglite } from '../../db/client.ts';
import { incomingDir } from '../../files/storage.ts';
import {
  DATABASE_FILE,
  OpsError,
  UPLOADS_FOLDER,
  packFolder,
  scratchFolder,
  writeManifest,
  type Manifest,
} from './archive.ts';
import { LIVE_BACKUP_PATH, runningServer } from '../http/live-backup.ts';
import { pgDump } from './pg-tools.ts';

export type StorageConfig = Pick<Config, 'DATA_DIR' | 'DATABASE_URL' | 'UPLOAD_DIR'>;

export type BackupSummary = { database: Manifest['database']; fromRunningServer: boolean; uploads: number };

/** DATA_DIR/db: where the embedded database lives. */
export const embeddedDbDir = (config: Pick<Config, 'DATA_DIR'>) => path.join(config.DATA_DIR, 'db');

/** Asks the running server for its data folder (live.ts). */
async function dumpFromServer(port: number, token: string): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${port}${LIVE_BACKUP_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
  } catch {
    throw new OpsError(
      `The server using this DATA_DIR did not answer on 127.0.0.1:${port}. It must listen on a loopback address (HOST=0.0.0.0 or 127.0.0.1) for a backup while it runs.`,
    );
  }
  if (!response.ok) throw new OpsError(`The running server refused the backup (HTTP ${response.status}).`);
  return Buffer.from(await response.arrayBuffer());
}

async function dumpEmbedded(config: StorageConfig): Promise<{ tar: Buffer; live: boolean }> {
  const running = runningServer(config.DATA_DIR);
  if (running) return { tar: await dumpFromServer(running.port, running.token), live: true };
  const dir = embeddedDbDir(config);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new OpsError(`There is no embedded database in ${dir}. Check DATA_DIR (or set DATABASE_URL).`);
  }
  const database = await openPglite(dir);
  try {
    return { tar: await dumpPgliteDataDir(database.client), live: false };
  } finally {
    await database.close();
  }
}

/** Copies the upload folder, leaving out uploads still being received (they have no row yet). */
async function copyUploads(uploadDir: string, into: string): Promise<number> {
  if (!existsSync(uploadDir)) return 0;
  const skip = incomingDir(uploadDir);
  await cp(uploadDir, into, { recursive: true, filter: (source) => source !== skip });
  const entries = await readdir(into, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

/**
 * One .tar.gz with the database (PGlite data folder or pg_dump custom format) and the
 * uploads. The database is copied first: every file a copied row names was written before its row
 * committed, so it is in the folder copied afterwards; files newer than the copy are orphans the
 * start-up sweep removes after a restore.
 */
export async function createBackup(config: StorageConfig, file: string): Promise<BackupSummary> {
  const target = path.resolve(file);
  if (!existsSync(path.dirname(target)))
    throw new OpsError(`The folder ${path.dirname(target)} does not exist.`);
  const scratch = await scratchFolder();
  try {
    const kind: Manifest['database'] = config.DATABASE_URL ? 'postgresql' : 'pglite';
    let live = false;
    if (config.DATABASE_URL) {
      await pgDump(config.DATABASE_URL, path.join(scratch.dir, DATABASE_FILE.postgresql));
    } else {
      const dump = await dumpEmbedded(config);
      live = dump.live;
      await writeFile(path.join(scratch.dir, DATABASE_FILE.pglite), dump.tar);
    }
    const uploads = await copyUploads(config.UPLOAD_DIR, path.join(scratch.dir, UPLOADS_FOLDER));
    await writeManifest(scratch.dir, kind);
    await packFolder(scratch.dir, target);
    return { database: kind, fromRunningServer: live, uploads };
  } finally {
    await scratch.remove();
  }
}
