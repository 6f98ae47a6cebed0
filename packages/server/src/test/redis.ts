/**
 * The Redis of the server-mode suites (TEST_REDIS_URL; CI sets it). Without it the suite is
 * skipped and says so loudly, naming the fix; under CI=true a skip fails the run (scripts/test.mjs).
 */
export function testRedisUrl(suite: string): string | undefined {
  const url = process.env.TEST_REDIS_URL;
  if (!url) {
    console.error(
      `\nSKIPPED: ${suite} — set TEST_REDIS_URL=redis://127.0.0.1:6379 to run it (apt-get install -y redis-server)\n`,
    );
  }
  return url;
}
