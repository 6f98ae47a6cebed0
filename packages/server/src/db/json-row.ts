import { getTableColumns, sql, type SQL, type InferSelectModel } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * Rows as JSON, for statements that return many rows of many columns. Drivers decode every field of
 * every row on their own (on PGlite in JavaScript, field by field); the database builds JSON in C
 * and JSON.parse reads it in one native call. These two helpers keep the column list and the
 * decoding tied to the drizzle table, so a new column needs no change here.
 */

type Columns<T extends PgTable> = ReturnType<typeof getTableColumns<T>>;

/** `json_build_object('<key>', alias.<column>, ...)` for the table's columns, minus `omit`. */
export function jsonObjectOf<T extends PgTable>(
  table: T,
  alias: string,
  omit: readonly (keyof Columns<T>)[] = [],
): SQL {
  const pairs = Object.entries(getTableColumns(table))
    .filter(([key]) => !omit.includes(key as keyof Columns<T>))
    .map(([key, column]) => sql`${jsonKey(key)}, ${sql.identifier(alias)}.${sql.identifier(column.name)}`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** Each table's columns, listed once: rowFromJson runs for every message of every page. */
const columnLists = new WeakMap<PgTable, [string, PgColumn][]>();

function columnsOf(table: PgTable): [string, PgColumn][] {
  let list = columnLists.get(table);
  if (!list) {
    list = Object.entries(getTableColumns(table));
    columnLists.set(table, list);
  }
  return list;
}

/** A key is a TypeScript property name of the schema, written inline (not a parameter). */
function jsonKey(key: string): SQL {
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(key)) throw new Error(`unexpected column key ${key}`);
  return sql.raw(`'${key}'`);
}

/**
 * Decodes an object built by jsonObjectOf into the table's row type: each value goes through its
 * column's own driver mapping (timestamps to Date, bigint to number, arrays element by element).
 * Omitted columns are simply absent, which the caller's type says with Omit.
 */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columnsOf(table)) {
    if (!(key in json)) continue;
    const value = json[key];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}
