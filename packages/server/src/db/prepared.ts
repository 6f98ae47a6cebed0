import type { DbOrTx } from './client.ts';

/**
 * Wraps a statement builder so each database handle builds (and PostgreSQL parses) it once: the
 * hot calls (session lookup, access check, batched insert) skip drizzle's query building and the
 * server's parse on every request. A transaction handle gets its own copy.
 */
export function preparedPerDb<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const statements = new WeakMap<DbOrTx, T>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
