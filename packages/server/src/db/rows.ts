/**
 * Rows of a raw `db.execute` result. Both drivers (pg's QueryResult, PGlite's Results) put them in
 * `.rows`, but drizzle's shared database type leaves the result unknown.
 */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}
