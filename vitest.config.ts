import { defineConfig } from 'vitest/config';

// One vitest run covers every package; each package has its own project config.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine. Most
    // suites wait on a database, a socket or a browser, so two workers keep both cores busy.
    maxWorkers: 2,
    projects: [
      'packages/shared',
      'packages/server',
      'packages/server/vitest.pg.config.ts',
      'packages/web',
      'packages/web/vitest.isolated.config.ts',
      'e2e',
    ],
  },
});
