// Public entry points of the server package.
export { buildApp, type BuildOptions } from './app.ts';
export { loadConfig, ConfigError, type Config, type EnvInput } from './config.ts';
export { createDatabase, migrateDatabase, type Database, type Db } from './db/client.ts';
