import { afterAll } from 'vitest';
import { logger } from '../services/logger/logger.ts';

/**
 * Runs after every file on the shared page (project "web", packages/web/vitest.shared.ts). The app's
 * logger is one instance for the whole page: entries a file's code logged (and could not send to its
 * fake server) would stay queued and go out through the next file's fetch stub, so it starts empty
 * for every file, as on a page of its own. Each file still cleans up what else it changes.
 */
afterAll(() => {
  logger.stop();
});
