import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateDatabase, openPg, openPglite, type Database } from '../db/client.ts';
import { adminQuery, databaseUrl } from './template.ts';

export const PG_SKIP_MESSAGE =
  'SKIPPED: PostgreSQL suite — set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run it';

/** True when this run targets PostgreSQL (vitest project server-pg). */
export const usingPostgres = () => process.env.STOOP_TEST_DB === 'pg';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or under STOOP_TEST_DB=pg a new
 * PostgreSQL database stoop_test_<random> created from TEST_DATABASE_URL and dropped on close.
 * Both are copies of the run's migrated template when the project's global setup built one.
 */
export async function createTestDatabase(): Promise<Database> {
  if (!usingPostgres()) {
    const templateFile = inject('pgliteTemplateFile');
    if (templateFile)
      return openPglite('memory://', { loadDataDir: new Blob([await readFile(templateFile)]) });
    const database = await openPglite('memory://');
    await migrateDatabase(database);
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error(PG_SKIP_MESSAGE);
  const name = `stoop_test_${randomBytes(6).toString('hex')}`;
  const template = inject('pgTemplateDatabase');
  await adminQuery(
    adminUrl,
    template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`,
  );
  const database = await openPg(databaseUrl(adminUrl, name));
  if (!template) await migrateDatabase(database);
  const closePool = () => database.close();
  return {
    ...database,
    async close() {
      await closePool();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        // pool.end() resolves before its sockets have closed; a backend still there when FORCE
        // terminates it sends FATAL 57P01 to a client nobody listens to any more (an uncaught
        // error in whichever test file runs next). Wait for them to go first.
        for (let i = 0; i < 100; i += 1) {
          const { rows } = await dropper.query<{ n: string }>(
            'select count(*) as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (Number(rows[0]?.n ?? 0) === 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
