import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DbOrTx } from '../db/client.ts';
import { chatDir, incomingDir } from '../files/storage.ts';
import { avatarDir } from '../users/avatar.ts';
import { referencedUploadNames } from './repo.ts';

export type SweepResult = { removed: number };

/**
 * R-UPLOAD-8: files under UPLOAD_DIR that no committed row references are removed at start-up:
 * bytes written before a crash (or a failed insert) whose row never committed, and uploads left
 * half-received. Only files older than the grace period go, so a file another instance has just
 * written, and whose row is about to commit, is left alone.
 */
export async function sweepOrphanUploads(
  db: DbOrTx,
  uploadDir: string,
  graceMs: number,
): Promise<SweepResult> {
  const referenced = await referencedUploadNames(db);
  const cutoff = Date.now() - graceMs;
  let removed = 0;
  const folders = [
    { dir: chatDir(uploadDir), keep: referenced },
    { dir: avatarDir(uploadDir), keep: referenced },
    // Nothing under incoming/ is ever referenced: a request moves its file out or removes it.
    { dir: incomingDir(uploadDir), keep: new Set<string>() },
  ];
  for (const { dir, keep } of folders) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      if (keep.has(name)) continue;
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile() || info.mtimeMs > cutoff) continue;
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return { removed };
}
