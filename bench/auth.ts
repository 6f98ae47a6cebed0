/**
 * `npm run bench:auth`: cold start to the first answer of GET /api/csrf-token, then login
 * throughput and latency on the embedded database. Prints figures; asserts nothing.
 * Goal (foundation issue): cold start under 3 s on a 2-core machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { ApiSession } from '../e2e/support/api.ts';
import { startStoop } from './support/stoop.ts';
import { percentile, rssMb } from './support/stats.ts';

const USERS = Number(process.env.BENCH_USERS ?? 16);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 15) * 1000;
const generousLimits = {
  RATE_LIMIT_LOGIN_PER_IP: '1000000',
  RATE_LIMIT_LOGIN_FREE_FAILURES: '1000000',
  RATE_LIMIT_SIGNUP_PER_IP: '1000000',
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000000',
  RATE_LIMIT_USER_PER_MINUTE: '1000000',
  RATE_LIMIT_SESSION_PER_MINUTE: '1000000',
};

async function coldStarts(): Promise<void> {
  const fresh: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < 3; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'stoop-bench-'));
    const first = await startStoop({ dataDir });
    fresh.push(first.startupMs);
    await first.stop();
    const again = await startStoop({ dataDir });
    warm.push(again.startupMs);
    await again.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const fmt = (xs: number[]) => xs.map((x) => `${(x / 1000).toFixed(2)} s`).join(', ');
  console.log(`cold start, empty data folder (migrations + first admin): ${fmt(fresh)}`);
  console.log(`cold start, existing data folder:                         ${fmt(warm)}`);
}

async function loginThroughput(): Promise<void> {
  const stoop = await startStoop({ env: generousLimits });
  try {
    const password = 'bench-password-123';
    const emails: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const email = `bench${i}@bench.test`;
      await new ApiSession(stoop.url).request('POST', '/api/signup', {
        email,
        password,
        username: `Bench ${i}`,
        acceptTerms: true,
      });
      emails.push(email);
    }
    // Warm up: one login each.
    await Promise.all(emails.map((email) => new ApiSession(stoop.url).login(email, password)));

    const latencies: number[] = [];
    let errors = 0;
    const deadline = performance.now() + DURATION_MS;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, worker) => {
        let n = worker;
        while (performance.now() < deadline) {
          const session = new ApiSession(stoop.url);
          const email = emails[n++ % emails.length]!;
          await session.request('GET', '/api/csrf-token').catch(() => undefined);
          const t0 = performance.now();
          try {
            await session.login(email, password);
            latencies.push(performance.now() - t0);
          } catch {
            errors++;
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    console.log(
      `login (argon2id verify + session insert), ${CONCURRENCY} concurrent clients, ${seconds.toFixed(1)} s: ` +
        `${(latencies.length / seconds).toFixed(1)} logins/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(latencies, 95).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ` +
        `errors ${errors}, server RSS ${rssMb(stoop.pid)} MB`,
    );
  } finally {
    await stoop.stop();
  }
}

console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`,
);
await coldStarts();
await loginThroughput();
