import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { loadPgliteDataDir, openPg } from '../../db/client.ts';
import {
  DATABASE_FILE,
  OpsError,
  UPLOADS_FOLDER,
  scratchFolder,
  unpackArchive,
  type Manifest,
} from './archive.ts';
import { embeddedDbDir, type StorageConfig } from './backup.ts';
import { runningServer } from '../http/live-backup.ts';
import { pgRestore } from './pg-tools.ts';
import { stoopTableCount, wipeStoopSchemas } from './repo.ts';

export type RestoreOptions = {
  /** Replace a database and upload folder that are not empty. */
  force: boolean;
};

const isEmptyFolder = async (dir: string) => !existsSync(dir) || (await readdir(dir)).length === 0;

async function emptyFolder(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
}

const REFUSED = 'Restore refused: %s is not empty. Restore into an empty one, or pass --force to replace it.';
const refused = (what: string) => new OpsError(REFUSED.replace('%s', what));

/** Checks the target is empty (or clears it under --force), then loads the database. */
async function restoreDatabase(
  config: StorageConfig,
  manifest: Manifest,
  from: string,
  options: RestoreOptions,
): Promise<void> {
  if (config.DATABASE_URL) {
    const database = await openPg(config.DATABASE_URL);
    try {
      if ((await stoopTableCount(database.db)) > 0) {
        if (!options.force) throw refused('the PostgreSQL database');
        await wipeStoopSchemas(database.db);
      }
    } finally {
      await database.close();
    }
    await pgRestore(config.DATABASE_URL, path.join(from, DATABASE_FILE[manifest.database]), false);
    return;
  }
  const dir = embeddedDbDir(config);
  if (!(await isEmptyFolder(dir))) {
    if (!options.force) throw refused(`the database folder ${dir}`);
    await emptyFolder(dir);
  }
  await loadPgliteDataDir(dir, await readFile(path.join(from, DATABASE_FILE.pglite)));
}

/**
 * Restores a createBackup archive into an empty (or, with force, wiped) database and
 * upload folder of the same kind. The server must be stopped for an embedded database; migrations
 * newer than the backup run at the next start.
 */
export async function restoreBackup(
  config: StorageConfig,
  file: string,
  options: RestoreOptions,
): Promise<Manifest> {
  if (!existsSync(file)) throw new OpsError(`No such file: ${file}`);
  if (!config.DATABASE_URL && runningServer(config.DATA_DIR)) {
    throw new OpsError('The server is running on this DATA_DIR. Stop it before restoring.');
  }
  const scratch = await scratchFolder();
  try {
    const manifest = await unpackArchive(file, scratch.dir);
    const target: Manifest['database'] = config.DATABASE_URL ? 'postgresql' : 'pglite';
    if (manifest.database !== target) {
      const names = { pglite: 'an embedded (DATA_DIR)', postgresql: 'a PostgreSQL (DATABASE_URL)' };
      throw new OpsError(
        `This backup holds ${names[manifest.database]} database; this configuration uses ${names[target]} one. Restore it with a configuration of that kind.`,
      );
    }
    // Both checks before anything is written: a refusal leaves everything as it was.
    const uploadsEmpty = await isEmptyFolder(config.UPLOAD_DIR);
    if (!uploadsEmpty && !options.force) throw refused(`the upload folder ${config.UPLOAD_DIR}`);
    await restoreDatabase(config, manifest, scratch.dir, options);
    await emptyFolder(config.UPLOAD_DIR);
    const uploads = path.join(scratch.dir, UPLOADS_FOLDER);
    if (existsSync(uploads)) await cp(uploads, config.UPLOAD_DIR, { recursive: true });
    return manifest;
  } finally {
    await scratch.remove();
  }
}
