import { PG_SKIP_MESSAGE } from './database.ts';

/**
 * Without TEST_DATABASE_URL the PostgreSQL project cannot run: say so loudly, and fail under CI so
 * a misconfigured pipeline never reports green without having touched PostgreSQL.
 */
export default function setup(): void {
  if (process.env.TEST_DATABASE_URL) return;
  const line = '='.repeat(PG_SKIP_MESSAGE.length);
  console.warn(`\n${line}\n${PG_SKIP_MESSAGE}\n${line}\n`);
  if (process.env.CI === 'true') throw new Error(`${PG_SKIP_MESSAGE} (required when CI=true)`);
}
