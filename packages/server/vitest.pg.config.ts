import { defineProject } from 'vitest/config';

// The same server suite against PostgreSQL (TEST_DATABASE_URL); each test file gets its own database.
// Without TEST_DATABASE_URL no real test runs; the global setup prints why (and fails under CI=true).
const enabled = Boolean(process.env.TEST_DATABASE_URL);

export default defineProject({
  test: {
    name: 'server-pg',
    environment: 'node',
    // Tests run in a new random order every run (the seed is printed): no test may lean on another.
    sequence: { shuffle: true },
    // Test files share a worker's modules (each still builds its own app and database): importing
    // the server once per worker instead of once per file took the PGlite run from about 6 to 1.6
    // minutes here. Nothing in src/ keeps state in a module beyond caches that are safe to share.
    isolate: false,
    // Disabled: one skipped placeholder whose name carries the SKIPPED line into the report.
    include: enabled ? ['src/**/*.test.ts'] : ['src/test/pg-skipped.check.ts'],
    // Tests of the embedded database alone (`*.embedded.test.ts`) run in the server project only.
    exclude: ['src/**/*.embedded.test.ts', '**/node_modules/**'],
    env: { STOOP_TEST_DB: 'pg' },
    globalSetup: ['./src/test/pg-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
