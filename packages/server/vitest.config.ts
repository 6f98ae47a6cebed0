import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    // Tests run in a new random order every run (the seed is printed): no test may lean on another.
    sequence: { shuffle: true },
    // Test files share a worker's modules (each still builds its own app and database): importing
    // the server once per worker instead of once per file took the PGlite run from about 6 to 1.6
    // minutes here. Nothing in src/ keeps state in a module beyond caches that are safe to share.
    isolate: false,
    include: ['src/**/*.test.ts'],
    // PostgreSQL-only files run in the server-pg project alone.
    exclude: ['src/**/*.pg.test.ts', '**/node_modules/**'],
    globalSetup: ['./src/test/pglite-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
