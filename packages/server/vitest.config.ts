import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // PostgreSQL-only files run in the server-pg project alone.
    exclude: ['src/**/*.pg.test.ts', '**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
