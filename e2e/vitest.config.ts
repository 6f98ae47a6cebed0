import { defineProject } from 'vitest/config';

// End-to-end flows in Debian's Chromium against a real Stoop server process.
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 90_000,
    // What a flow polls for is the page catching up (a tray filling, a receipt arriving); vitest's
    // 1 s default is a quiet machine's time, not one running four suites at once.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    // Each file starts its own server (a free port, its own data folder) and browser, so files may
    // run side by side: two at a time (the root config's maxWorkers), each mostly waiting.
  },
});
