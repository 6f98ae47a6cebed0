import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_PGLITE_SHARED_BUFFERS_MB,
  MAX_AUTO_PGLITE_SHARED_BUFFERS_MB,
  PGLITE_SHARED_BUFFERS_DATA_SHARE,
} from '../config.ts';

const MB = 1024 * 1024;

/** The bytes of the files under `dir`, 0 when it does not exist (a new data folder). */
function bytesUnder(dir: string): number {
  let total = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return 0;
  }
  for (const entry of entries)
    if (entry.isFile()) {
      // A temporary file may go between the listing and its size.
      try {
        total += statSync(path.join(entry.parentPath, entry.name)).size;
      } catch {
        // gone: nothing to count
      }
    }
  return total;
}

/**
 * The embedded database's buffer cache, in MB, for the PostgreSQL data folder `dataDir`: an eighth
 * of its tables and indexes (`base/`), at least the default and at most
 * MAX_AUTO_PGLITE_SHARED_BUFFERS_MB. PGlite zeroes the whole cache at start, so each MB of it is
 * resident from then on; a small community keeps the default's memory at rest, a large one gets the
 * cache its searches walk through (config.ts, docs/decisions/0025-server-memory.md).
 */
export function sharedBuffersFor(dataDir: string): number {
  const dataMb = bytesUnder(path.join(dataDir, 'base')) / MB;
  const share = Math.round(dataMb / PGLITE_SHARED_BUFFERS_DATA_SHARE);
  return Math.min(MAX_AUTO_PGLITE_SHARED_BUFFERS_MB, Math.max(DEFAULT_PGLITE_SHARED_BUFFERS_MB, share));
}
