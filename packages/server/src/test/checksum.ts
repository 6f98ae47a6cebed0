import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * The id the next write transaction would take: it moves only when something wrote (read-only
 * statements take none), so comparing it is a cheap first look before a full checksum.
 */
export async function writeMark(db: Db): Promise<string> {
  const [row] = rowsOf<{ mark: string }>(
    await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as mark`),
  );
  return row?.mark ?? '';
}

/** One md5 per table of the public schema, over its rows in a stable order. */
export async function tableChecksums(db: Db): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  ).map((row) => row.name);
  const parts = tables.map(
    (name) =>
      sql`select ${name} as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from ${sql.identifier(name)} t`,
  );
  const rows = rowsOf<{ name: string; sum: string }>(await db.execute(sql.join(parts, sql` union all `)));
  return Object.fromEntries(rows.map((row) => [row.name, row.sum]));
}
