import { afterAll, vi } from 'vitest';
import { logger } from '../services/logger/logger.ts';

/**
 * Runs around every file on the shared page (project "web", packages/web/vitest.shared.ts): a file
 * that leaves fake timers on would make every later file's waits hang, so the clock is real again
 * whatever a file did. The app's logger is one instance for the whole page: entries a file's code
 * logged (and could not send to its fake server) would stay queued and go out through the next
 * file's fetch stub, so it starts empty for every file, as on a page of its own. Each file still
 * cleans up what else it changes.
 */
afterAll(() => {
  vi.useRealTimers();
  logger.stop();
});
