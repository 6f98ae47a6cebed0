import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedBuffersFor } from './buffer-cache.ts';

const MB = 1024 * 1024;
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A data folder whose base/ holds files of these sizes (sparse: nothing is written). */
function dataFolder(sizesMb: number[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'stoop-buffers-'));
  folders.push(dir);
  const database = path.join(dir, 'base', '5');
  mkdirSync(database, { recursive: true });
  sizesMb.forEach((size, i) => {
    const file = path.join(database, String(16_384 + i));
    writeFileSync(file, '');
    truncateSync(file, size * MB);
  });
  // Files outside base/ (the write-ahead log) are not the data a search reads.
  const wal = path.join(dir, 'pg_wal', '000000010000000000000001');
  mkdirSync(path.dirname(wal));
  writeFileSync(wal, '');
  truncateSync(wal, 1000 * MB);
  return dir;
}

describe('R-OPS-23 the embedded buffer cache follows the data', () => {
  it('is 8 MB for a new or small data folder', () => {
    expect(sharedBuffersFor(path.join(tmpdir(), 'stoop-no-such-folder'))).toBe(8);
    expect(sharedBuffersFor(dataFolder([1, 20, 40]))).toBe(8);
  });

  it('is an eighth of the tables and indexes between 8 and 64 MB', () => {
    expect(sharedBuffersFor(dataFolder([100]))).toBe(13);
    expect(sharedBuffersFor(dataFolder([200, 120]))).toBe(40);
    expect(sharedBuffersFor(dataFolder([509, 50, 39, 30, 254]))).toBe(64);
  });
});
