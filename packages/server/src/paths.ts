import path from 'node:path';

/**
 * The packages/server folder, for files the server reads at run time (migrations, the web build).
 * This module sits directly in src/ and every compiled entry directly in dist/
 * (scripts/build-server.mjs), so one level up is the package both from TypeScript and from the
 * build: keep it at the top of src/.
 */
export const SERVER_DIR = path.resolve(import.meta.dirname, '..');
