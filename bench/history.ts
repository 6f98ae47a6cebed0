/**
 * `node --import tsx bench/history.ts`: p50/p95/p99 of GET /api/conversations/{id}/messages (a page
 * of 20) with 1,000,000 messages in the database, on PostgreSQL and on PGlite, through the real
 * server process. Messages are bulk-inserted with generate_series, not through the API.
 *
 * Env: BENCH_DB=pg|pglite|both (both), BENCH_MESSAGES=1000000, BENCH_SAMPLES=500,
 * BENCH_WARMUP_SECONDS=3 (the same calls, first, for that long after the server starts; printed as
 * warm-up, not as a result), BENCH_CPU_PROFILE_DIR (a CPU profile of the measured server),
 * BENCH_SERVER_NODE_ARGS (flags for the server).
 */
import path from 'node:path';
import { cpus, totalmem } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { startStoop } from './support/stoop.ts';
import { openPg, openPglite, type Database } from '../packages/server/src/db/client.ts';
import { getJson } from './support/http.ts';
import { percentile, rssMb, serverNodeArgs } from './support/stats.ts';
import { BENCH_LIMITS, adminSession, scratchDatabase } from './chat-support.ts';
import { sql } from 'drizzle-orm';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 500);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const DATABASES =
  (process.env.BENCH_DB ?? 'both') === 'both' ? ['pg', 'pglite'] : [process.env.BENCH_DB ?? 'pg'];
/** Message g is created at BASE + g seconds, so any page boundary is known without a query. */
const BASE = Date.parse('2024-01-01T00:00:00Z');
const BATCH = 100_000;

/** Inserts `count` messages into one channel; ids are UUIDv7 built from the same timestamps. */
async function bulkInsert(database: Database, conversationId: string, userId: string): Promise<void> {
  for (let from = 1; from <= MESSAGES; from += BATCH) {
    const to = Math.min(MESSAGES, from + BATCH - 1);
    await database.db.execute(sql`
      insert into messages (id, conversation_id, user_id, content, created_at, updated_at, seq, created_seq)
      select
        (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-7' || substr(r, 1, 3) || '-8' || substr(r, 4, 3) || '-' || substr(r, 7, 12))::uuid,
        ${conversationId}::uuid, ${userId}::uuid,
        'Notice ' || g || ': the recycling pickup moved to Thursday, bins out by 7am',
        ts, ts, s, s
      from (
        select g, ts, nextval('message_change_seq') as s,
          lpad(to_hex((extract(epoch from ts) * 1000)::bigint), 12, '0') as h,
          md5(g::text) as r
        from (select g, to_timestamp(${BASE / 1000} + g) as ts from generate_series(${from}::int, ${to}::int) g) x
      ) y`);
    process.stdout.write(`  inserted ${to.toLocaleString('en-US')}\r`);
  }
  process.stdout.write('\n');
}

async function benchDatabase(kind: string): Promise<void> {
  const scratch = kind === 'pg' ? await scratchDatabase() : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stoop-history-'));
  const env = { ...BENCH_LIMITS, ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
  try {
    // First boot: migrations and the admin; the admin creates the channel through the API.
    let stoop = await startStoop({ env, dataDir });
    const admin = await adminSession(stoop.url);
    const { conversation } = await admin.request<{ conversation: { id: string } }>(
      'POST',
      '/api/conversations',
      { type: 'channel', name: 'history' },
    );
    await stoop.stop();

    const started = performance.now();
    const database = scratch ? await openPg(scratch.url) : await openPglite(path.join(dataDir, 'db'));
    await bulkInsert(database, conversation.id, admin.userId);
    await database.db.execute(sql`analyze messages`);
    await database.close();
    console.log(
      `${kind}: inserted ${MESSAGES.toLocaleString('en-US')} messages in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );

    stoop = await startStoop({ env, dataDir, nodeArgs: serverNodeArgs() });
    const reader = await adminSession(stoop.url);
    const page = (beforeDate?: string) =>
      getJson<{ messages: unknown[] }>(
        `${stoop.url}/api/conversations/${conversation.id}/messages?limit=20${beforeDate ? `&beforeDate=${encodeURIComponent(beforeDate)}` : ''}`,
        reader.cookieHeader(),
      );
    /** Newest and random-depth pages in turn, `count` of them or until `until` (ms), timed. */
    const sample = async (count: number, until = Infinity) => {
      const latencies: { newest: number[]; deep: number[] } = { newest: [], deep: [] };
      for (let i = 0; i < count && performance.now() < until; i += 1) {
        const deep = i % 2 === 1;
        const g = 21 + Math.floor(Math.random() * (MESSAGES - 21));
        const before = deep ? new Date(BASE + g * 1000).toISOString() : undefined;
        const t0 = performance.now();
        const result = await page(before);
        (deep ? latencies.deep : latencies.newest).push(performance.now() - t0);
        if (result.messages.length !== 20) throw new Error(`page had ${result.messages.length} messages`);
      }
      return latencies;
    };
    // A server just started runs unoptimised code (V8 compiles hot functions after many calls) and
    // PostgreSQL switches a prepared statement to its generic plan after five runs; the target is
    // about a running server, so the same calls go first for a while, printed but not counted.
    const warmup = [...Object.values(await sample(Infinity, performance.now() + WARMUP_SECONDS * 1000))]
      .flat()
      .sort((a, b) => a - b);
    if (warmup.length > 0)
      console.log(
        `${kind.padEnd(6)} warm-up, not a result: ${warmup.length} calls in the first ${WARMUP_SECONDS} s, ` +
          `p50 ${percentile(warmup, 50).toFixed(2)} ms, p95 ${percentile(warmup, 95).toFixed(2)} ms`,
      );
    const latencies = await sample(SAMPLES);
    for (const [name, xs] of Object.entries(latencies)) {
      xs.sort((a, b) => a - b);
      console.log(
        `${kind.padEnd(6)} history page of 20 (${name === 'deep' ? 'random depth, beforeDate' : 'newest page'}), ${xs.length} sequential keep-alive HTTP calls: ` +
          `p50 ${percentile(xs, 50).toFixed(2)} ms, p95 ${percentile(xs, 95).toFixed(2)} ms, p99 ${percentile(xs, 99).toFixed(2)} ms`,
      );
    }
    console.log(`${kind.padEnd(6)} server RSS ${rssMb(stoop.pid)} MB`);
    await stoop.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`,
);
for (const kind of DATABASES) await benchDatabase(kind);
