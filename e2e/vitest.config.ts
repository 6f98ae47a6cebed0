import { defineProject } from 'vitest/config';

// End-to-end flows in Debian's Chromium against a real Stoop server process.
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Browsers and servers are heavy on a 2-core machine: one file at a time.
    fileParallelism: false,
  },
});
