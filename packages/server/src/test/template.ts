import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { dumpPgliteDataDir, migrateDatabase, openPg, openPglite } from '../db/client.ts';

/**
 * One migrated database per test run, copied for every database a test asks for. An in-memory
 * PGlite starts from the template's dumped data folder (about 0.3 s, where initdb and the
 * migrations take about 1 s); a PostgreSQL database is created with the template as TEMPLATE.
 * The global setups of the server projects build it; createTestDatabase copies it.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the dumped data folder of a migrated PGlite (project server). */
    pgliteTemplateFile?: string;
    /** A migrated PostgreSQL database to create test databases from (project server-pg). */
    pgTemplateDatabase?: string;
  }
}

/** Migrates an in-memory PGlite and dumps it to a file; returns the file and how to remove it. */
export async function buildPgliteTemplate(): Promise<{ file: string; remove(): Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'stoop-template-'));
  const file = path.join(folder, 'pglite.tar');
  const database = await openPglite('memory://');
  try {
    await migrateDatabase(database);
    await writeFile(file, await dumpPgliteDataDir(database.client));
  } finally {
    await database.close();
  }
  return { file, remove: () => rm(folder, { recursive: true, force: true }) };
}

/** `url` with another database name. */
export function databaseUrl(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE). */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Creates and migrates stoop_template_<random>; returns its name and how to drop it. */
export async function buildPgTemplate(adminUrl: string): Promise<{ name: string; remove(): Promise<void> }> {
  const name = `stoop_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const database = await openPg(databaseUrl(adminUrl, name));
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  return { name, remove: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
