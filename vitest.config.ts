import { defineConfig } from 'vitest/config';

// One vitest run covers every package; each package has its own project config.
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'packages/server',
      'packages/server/vitest.pg.config.ts',
      'packages/web',
      'e2e',
    ],
  },
});
