// How this folder works (the database and migrations): docs/database.md.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB, type Config } from '../config.ts';
import { SERVER_DIR } from '../paths.ts';
import { sharedBuffersFor } from './buffer-cache.ts';
import { PreparedPglite } from './pglite-statements.ts';
import { rowsOf } from './rows.ts';
import * as schema from './schema/index.ts';

type Schema = typeof schema;

/** The drizzle database, whichever driver is underneath. Repos take this (or a transaction). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle as passed to `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a repo function accepts: the database or an open transaction. */
export type DbOrTx = Db | Tx;

const MIGRATIONS_DIR = path.join(SERVER_DIR, 'drizzle');

export type Database =
  | { kind: 'pglite'; db: Db; client: PGlite; close(): Promise<void> }
  | { kind: 'pg'; db: Db; client: pg.Pool; close(): Promise<void> };

/** The embedded variant of Database. */
export type EmbeddedDatabase = Extract<Database, { kind: 'pglite' }>;

/**
 * PostgreSQL's connection slots in PGlite, which serves its one session. PostgreSQL sizes its
 * per-backend shared memory (process entries, the lock and predicate-lock tables) by this, and
 * PGlite touches all of its shared memory when it opens: 100 slots (the default) made 24 MB of it,
 * 10 make 21 MB and 2 MB less resident. The shared lock table still holds 64 locks for each of
 * the about 38 backend slots left (these 10, autovacuum's 16 and the WAL senders' 10 are counted
 * though PGlite runs none of them), some 2,400 in all, far more than a migration takes
 * (bench/RESULTS.md, "Memory at rest and under load: a smaller young generation").
 */
const PGLITE_MAX_CONNECTIONS = 10;

/** Opens PGlite at `dataDir` ('memory://' for an in-memory database), pg_trgm loaded. */
export async function openPglite(
  dataDir: string,
  options: {
    /** A dumped data folder to start from (tests: a migrated template instead of an initdb each). */
    loadDataDir?: Blob;
    sharedBuffersMb?: number;
  } = {},
): Promise<EmbeddedDatabase> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const fresh = !options.loadDataDir && (inMemory || !existsSync(path.join(dataDir, 'PG_VERSION')));
  // A data folder on disk is made by a child process that exits, which returns everything initdb
  // used to the system; an in-memory one cannot be, so its leftovers are collected below.
  if (fresh && !inMemory) await initdbInChildProcess(dataDir);
  const sharedBuffersMb = options.sharedBuffersMb ?? DEFAULT_PGLITE_SHARED_BUFFERS_MB;
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    startParams: [
      ...PGlite.defaultStartParams,
      ...['-c', `shared_buffers=${sharedBuffersMb}MB`],
      ...['-c', `max_connections=${PGLITE_MAX_CONNECTIONS}`],
    ],
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  if (fresh && inMemory) collectGarbage();
  // Statements are prepared once (PreparedPglite) and every hot one is an index scan whatever its
  // parameters, so a generic plan is right; without this PostgreSQL re-plans a statement whenever
  // its generic estimate looks worse than a custom one, which on the history page is every time.
  await client.exec('set plan_cache_mode = force_generic_plan');
  // drizzle calls only query, transaction and exec, which PreparedPglite provides; the cast is that.
  const prepared = new PreparedPglite(client) as unknown as PGlite;
  const db: PgliteDatabase<Schema> = drizzlePglite({ client: prepared, schema });
  return { kind: 'pglite', db, client, close: () => client.close() };
}

/**
 * PGlite runs initdb in a second engine of its own and closes it, but that engine's WASM memory
 * (and initdb's) stays allocated until V8's next full collection, which an idle or lightly loaded
 * server may not run for hours, and the malloc arenas initdb grew are never given back: a first
 * start stood at 650–800 MB resident instead of 260 MB. So a new data folder is made here, by a
 * node process that runs PGlite's initdb and exits; the server then opens it as an existing one.
 */
function initdbInChildProcess(dataDir: string): Promise<void> {
  // Run from packages/server, so the bare specifier resolves to the server's own PGlite.
  const script = `const { PGlite } = await import('@electric-sql/pglite');
await (await PGlite.create(process.argv[1])).close();`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '--eval', script, dataDir], {
      cwd: SERVER_DIR,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`initdb of ${dataDir} failed (${signal ?? code}):\n${stderr}`));
    });
  });
}

/**
 * One full garbage collection now (after an in-memory initdb: its engine's memory is garbage).
 * `gc` is not exposed to the app's own context; a new context made after --expose-gc is set has
 * it, which keeps the flag out of every way the server is started.
 */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** Opens a PostgreSQL pool; pg and its driver load only here, so embedded starts skip them (R-OPS-11). */
export async function openPg(connectionString: string): Promise<Database> {
  const [{ default: pgModule }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  // Idle connections stay open (pg closes them after 10 s by default): a new one costs a backend
  // start, a cold catalog cache and re-preparing every statement, which the first sends after a
  // quiet spell paid for (tens of milliseconds each at the start of a burst). Ten is the ceiling.
  const client = new pgModule.Pool({ connectionString, max: 10, idleTimeoutMillis: 0 });
  const db: NodePgDatabase<Schema> = drizzlePg({ client, schema });
  return { kind: 'pg', db, client, close: () => client.end() };
}

/** PostgreSQL when DATABASE_URL is set, else PGlite persisted under DATA_DIR/db. */
export async function createDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'PGLITE_SHARED_BUFFERS_MB'>,
): Promise<Database> {
  if (config.DATABASE_URL) return openPg(config.DATABASE_URL);
  const dataDir = path.join(config.DATA_DIR, 'db');
  return openPglite(dataDir, {
    sharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB ?? sharedBuffersFor(dataDir),
  });
}

/** The `when` of the newest migration in drizzle-kit's journal (what drizzle records as created_at). */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * True when the database already holds the newest migration of the journal. drizzle's migrator
 * applies exactly the migrations newer than its last record, so it would do nothing; asking first
 * spares every start on an existing database the migrator's file reads, hashing and DDL
 * (R-OPS-11).
 */
async function migrationsApplied(db: Db): Promise<boolean> {
  const [table] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  );
  if (!table?.present) return false;
  const [last] = rowsOf<{ created: string | number | null }>(
    await db.execute(sql`select max(created_at) as created from drizzle.__drizzle_migrations`),
  );
  return last?.created != null && Number(last.created) >= newestMigrationMillis();
}

/**
 * Key of the PostgreSQL advisory lock held around the start-up migration (R-OPS-17): the first
 * 64 bits of sha256("stoop:migrations"), a constant so every instance and version agrees on it.
 */
const MIGRATION_LOCK_KEY = '5273076297822589381';

/**
 * Applies the drizzle-kit migrations in packages/server/drizzle (idempotent). On PostgreSQL several
 * instances may start together (a process manager, an orchestrator, a reboot): the migration runs
 * under a session advisory lock on one connection, extensions included, so the others wait for it
 * and then find the journal applied (R-OPS-17).
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (await migrationsApplied(database.db)) return;
  const migrationsFolder = MIGRATIONS_DIR;
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as PgliteDatabase<Schema>, { migrationsFolder });
    return;
  }
  const [{ migrate: migratePg }, { drizzle: drizzlePg }] = await Promise.all([
    import('drizzle-orm/node-postgres/migrator'),
    import('drizzle-orm/node-postgres'),
  ]);
  const connection = await database.client.connect();
  let broken: Error | undefined;
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      // Everything on the locked connection: the check again (another instance may have just
      // migrated while this one waited), then the migrator.
      const locked = drizzlePg({ client: connection, schema });
      if (!(await migrationsApplied(locked))) await migratePg(locked, { migrationsFolder });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (error) {
    // A connection that failed mid-way may still hold the lock: close it rather than pool it.
    broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    connection.release(broken);
  }
}

/**
 * A crash-consistent copy of an open PGlite data folder as an uncompressed tar. PGlite
 * runs the copy under its query lock, so no statement writes while the files are read; a
 * checkpoint first makes the copy start without replaying much WAL.
 */
export async function dumpPgliteDataDir(client: PGlite): Promise<Buffer> {
  await client.exec('checkpoint');
  const tar = await client.dumpDataDir('none');
  return Buffer.from(await tar.arrayBuffer());
}

/** Creates the PGlite data folder `dataDir` (missing or empty) from a dumpPgliteDataDir tar. */
export async function loadPgliteDataDir(dataDir: string, tar: Buffer): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    loadDataDir: new Blob([new Uint8Array(tar)]),
  });
  await client.close();
}
