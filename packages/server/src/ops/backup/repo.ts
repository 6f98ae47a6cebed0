import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/** Schemas Stoop's migrations write: its tables and drizzle's record of applied migrations. */
const STOOP_SCHEMAS = ['public', 'drizzle'];

/** Tables in Stoop's schemas: zero means an empty database a backup may be restored into. */
export async function stoopTableCount(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from information_schema.tables
          where table_schema in (${sql.join(
            STOOP_SCHEMAS.map((s) => sql`${s}`),
            sql`, `,
          )})`,
    ),
  );
  return row?.n ?? 0;
}

/** Drops everything in Stoop's schemas and leaves an empty public schema (restore --force). */
export async function wipeStoopSchemas(db: Db): Promise<void> {
  await db.execute(sql`drop schema if exists drizzle cascade`);
  await db.execute(sql`drop schema if exists public cascade`);
  await db.execute(sql`create schema public`);
}
