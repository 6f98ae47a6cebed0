import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { SERVER_DIR } from '../paths.ts';
import { adminQuery, databaseUrl } from '../test/template.ts';
import { migrateDatabase, openPg } from './client.ts';

const journal = JSON.parse(
  readFileSync(path.join(SERVER_DIR, 'drizzle', 'meta', '_journal.json'), 'utf8'),
) as {
  entries: { when: number }[];
};
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const ROUNDS = 4;
const INSTANCES = 3;

/** Reads what the migrations left in `url`: the migrator's records and the extensions. */
async function inspect(url: string): Promise<{ records: number[]; extensions: string[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const records = await client.query<{ created_at: string }>(
      'select created_at from drizzle.__drizzle_migrations order by created_at',
    );
    const extensions = await client.query<{ extname: string }>(
      `select extname from pg_extension where extname <> 'plpgsql' order by extname`,
    );
    return {
      records: records.rows.map((row) => Number(row.created_at)),
      extensions: extensions.rows.map((row) => row.extname),
    };
  } finally {
    await client.end();
  }
}

describe('R-OPS-17: instances that start together on an empty PostgreSQL database', () => {
  it(`${INSTANCES} start-up migrations at once, ${ROUNDS} times: all succeed and the journal is applied once`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const name = `stoop_test_migrate_${randomBytes(5).toString('hex')}`;
      await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
      const url = databaseUrl(adminUrl, name);
      const instances = await Promise.all(Array.from({ length: INSTANCES }, () => openPg(url)));
      try {
        // Each as an instance's start-up does it, on its own pool, all at the same moment.
        const outcomes = await Promise.allSettled(instances.map((database) => migrateDatabase(database)));
        expect(outcomes.map((outcome) => outcome.status)).toEqual(instances.map(() => 'fulfilled'));
      } finally {
        await Promise.all(instances.map((database) => database.close()));
      }
      const { records, extensions } = await inspect(url);
      expect(records).toEqual(journal.entries.map((entry) => entry.when));
      expect(extensions).toEqual(['pg_trgm']);
      await adminQuery(adminUrl, `DROP DATABASE ${name} WITH (FORCE)`);
    }
  }, 120_000);
});
