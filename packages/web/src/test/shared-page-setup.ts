import { afterAll, vi } from 'vitest';

/**
 * Runs around every file on the shared page (project "web", packages/web/vitest.shared.ts): a file
 * that leaves fake timers on would make every later file's waits hang, so the clock is real again
 * whatever a file did. Each file still cleans up what else it changes.
 */
afterAll(() => {
  vi.useRealTimers();
});
