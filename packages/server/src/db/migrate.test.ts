import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_DIR } from '../paths.ts';
import { migrateDatabase, openPglite, type Database } from './client.ts';
import { rowsOf } from './rows.ts';

const folder = path.join(SERVER_DIR, 'drizzle');
const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { when: number; tag: string }[];
};

const open: Database[] = [];
afterEach(async () => {
  for (const database of open.splice(0)) await database.close();
});

async function records(database: Database): Promise<number[]> {
  const rows = rowsOf<{ created_at: string }>(
    await database.db.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at`),
  );
  return rows.map((row) => Number(row.created_at));
}

describe('R-OPS-11: migrations at start-up', () => {
  it('a fresh database gets every migration of the journal, and a second start changes nothing', async () => {
    const database = await openPglite('memory://');
    open.push(database);
    await migrateDatabase(database);
    const applied = await records(database);
    expect(applied).toEqual(journal.entries.map((entry) => entry.when));
    await migrateDatabase(database);
    expect(await records(database)).toEqual(applied);
  });

  it('a database one migration behind gets the missing one', async () => {
    // The database as the previous release left it: migrated from a journal without the newest entry.
    const older = mkdtempSync(path.join(tmpdir(), 'stoop-migrations-'));
    try {
      cpSync(folder, older, { recursive: true });
      const previous = { ...journal, entries: journal.entries.slice(0, -1) };
      writeFileSync(path.join(older, 'meta', '_journal.json'), JSON.stringify(previous));
      const database = await openPglite('memory://');
      open.push(database);
      if (database.kind !== 'pglite') throw new Error('expected PGlite');
      await migrate(drizzle({ client: database.client }), { migrationsFolder: older });
      expect(await records(database)).toHaveLength(journal.entries.length - 1);

      await migrateDatabase(database);
      expect(await records(database)).toEqual(journal.entries.map((entry) => entry.when));
    } finally {
      rmSync(older, { recursive: true, force: true });
    }
  });
});
