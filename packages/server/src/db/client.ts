import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config.ts';
import { PreparedPglite } from './pglite-statements.ts';
import * as schema from './schema/index.ts';

type Schema = typeof schema;

/** The drizzle database, whichever driver is underneath. Repos take this (or a transaction). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle as passed to `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a repo function accepts: the database or an open transaction. */
export type DbOrTx = Db | Tx;

const MIGRATIONS_DIR = path.join(import.meta.dirname, '..', '..', 'drizzle');

export type Database =
  | { kind: 'pglite'; db: Db; client: PGlite; close(): Promise<void> }
  | { kind: 'pg'; db: Db; client: pg.Pool; close(): Promise<void> };

/** Opens PGlite at `dataDir` ('memory://' for an in-memory database), pg_trgm loaded. */
export async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  // Statements are prepared once (PreparedPglite) and every hot one is an index scan whatever its
  // parameters, so a generic plan is right; without this PostgreSQL re-plans a statement whenever
  // its generic estimate looks worse than a custom one, which on the history page is every time.
  await client.exec('set plan_cache_mode = force_generic_plan');
  // drizzle calls only query, transaction and exec, which PreparedPglite provides; the cast is that.
  const prepared = new PreparedPglite(client) as unknown as PGlite;
  const db: PgliteDatabase<Schema> = drizzlePglite({ client: prepared, schema });
  return { kind: 'pglite', db, client, close: () => client.close() };
}

export function openPg(connectionString: string): Database {
  // Idle connections stay open (pg closes them after 10 s by default): a new one costs a backend
  // start, a cold catalog cache and re-preparing every statement, which the first sends after a
  // quiet spell paid for (tens of milliseconds each at the start of a burst). Ten is the ceiling.
  const client = new pg.Pool({ connectionString, max: 10, idleTimeoutMillis: 0 });
  const db: NodePgDatabase<Schema> = drizzlePg({ client, schema });
  return { kind: 'pg', db, client, close: () => client.end() };
}

/** PostgreSQL when DATABASE_URL is set, else PGlite persisted under DATA_DIR/db. */
export async function createDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): Promise<Database> {
  if (config.DATABASE_URL) return openPg(config.DATABASE_URL);
  return openPglite(path.join(config.DATA_DIR, 'db'));
}

/** Applies the drizzle-kit migrations in packages/server/drizzle (idempotent). */
export async function migrateDatabase(database: Database): Promise<void> {
  const migrationsFolder = MIGRATIONS_DIR;
  if (database.kind === 'pglite') {
    await migratePglite(database.db as PgliteDatabase<Schema>, { migrationsFolder });
  } else {
    await migratePg(database.db as NodePgDatabase<Schema>, { migrationsFolder });
  }
}
