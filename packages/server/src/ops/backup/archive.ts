import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';

const run = promisify(execFile);

/** Thrown for what the operator can fix (a missing tool, a full folder, a wrong file): no stack. */
export class OpsError extends Error {
  override name = 'OpsError';
}

/** What a backup archive holds besides the database file and the uploads folder. */
const MANIFEST_FILE = 'stoop-backup.json';
/** PGlite: the data folder as a tar; PostgreSQL: pg_dump's custom format. */
export const DATABASE_FILE = { pglite: 'database.tar', postgresql: 'database.pgdump' } as const;
export const UPLOADS_FOLDER = 'uploads';

const manifestSchema = z.object({
  format: z.literal('stoop-backup'),
  version: z.literal(1),
  database: z.enum(['pglite', 'postgresql']),
  createdAt: z.string(),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A private scratch folder, removed by the returned function. */
export async function scratchFolder(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'stoop-backup-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

async function tar(args: string[]): Promise<void> {
  try {
    await run('tar', args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT')
      throw new OpsError('tar was not found on PATH; install it to back up or restore.');
    throw new OpsError(`tar failed: ${(failure.stderr ?? failure.message).trim()}`);
  }
}

/** Packs `dir` into the gzip'd tar `file`, written beside it first so a failure leaves no half file. */
export async function packFolder(dir: string, file: string): Promise<void> {
  const partial = `${file}.partial`;
  await tar(['-czf', partial, '-C', dir, '.']);
  await rename(partial, file);
}

/** Unpacks a backup archive into `dir` and reads its manifest. */
export async function unpackArchive(file: string, dir: string): Promise<Manifest> {
  await tar(['-xzf', file, '-C', dir, '--no-same-owner']);
  let raw: string;
  try {
    raw = await readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new OpsError(`${file} is not a Stoop backup (no ${MANIFEST_FILE} inside).`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success) throw new OpsError(`${file} has a manifest this version of Stoop does not read.`);
  return manifest.data;
}

export async function writeManifest(dir: string, database: Manifest['database']): Promise<void> {
  const manifest: Manifest = {
    format: 'stoop-backup',
    version: 1,
    database,
    createdAt: new Date().toISOString(),
  };
  await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}
