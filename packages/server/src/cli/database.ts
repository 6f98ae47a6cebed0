import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config, type EnvInput } from '../config.ts';
import { createDatabase, migrateDatabase, type Db } from '../db/client.ts';
import { runningServer } from '../ops/http/live-backup.ts';
import { CliError } from './command.ts';

/** The server's own configuration (same environment variables); a bad value is a CliError. */
export function cliConfig(env: EnvInput): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }
}

/**
 * Runs `work` on the configured database, migrated as at start-up. An embedded database belongs to
 * one process: while a server holds DATA_DIR the command refuses instead of opening it a
 * second time. `mustExist`: refuse too when DATA_DIR holds no database yet rather than creating one.
 */
export async function withDatabase<T>(
  config: Config,
  options: { mustExist: boolean },
  work: (db: Db) => Promise<T>,
): Promise<T> {
  if (!config.DATABASE_URL) {
    if (runningServer(config.DATA_DIR)) {
      throw new CliError(
        `A Stoop server is running on ${config.DATA_DIR}, and its embedded database admits one process at a time. Stop the server, run the command, start it again.`,
      );
    }
    const dir = path.join(config.DATA_DIR, 'db');
    if (options.mustExist && !existsSync(path.join(dir, 'PG_VERSION'))) {
      throw new CliError(`There is no database in ${dir}. Check DATA_DIR (or set DATABASE_URL).`);
    }
  }
  let database;
  try {
    database = await createDatabase(config);
    await migrateDatabase(database);
  } catch (error) {
    throw new CliError(`Could not open the database: ${(error as Error).message}`);
  }
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}
