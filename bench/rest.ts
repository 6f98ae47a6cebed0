/**
 * `npm run bench:rest`: the embedded server's memory at rest with the demo community, and its
 * start-up on an existing data folder. Starts the compiled server as `npm start -- --demo` does (a
 * first start seeds the demo into a new data folder and is not counted), then BENCH_RUNS (3) more
 * starts on that folder: each one's time from spawn to the first 200 of GET /healthz, then, after
 * BENCH_REST_SECONDS (10) with no client, its resident memory (VmRSS) split into anonymous and
 * file-backed pages (/proc/PID/smaps_rollup) and V8's heap and external memory (/metrics).
 * Goals: at rest under 150 MB, start-up under 1.5 s. Memory does not depend on the machine's load;
 * the start-up time does (the server needs about a second of CPU), so print the load with it.
 * Env: BENCH_SERVER_NODE_ARGS (flags for the server), PGLITE_SHARED_BUFFERS_MB and other settings
 * pass through to the server.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { buildServerIfStale, serverMainJs, serverNodeFlags } from '../scripts/build-server.mjs';
import { cpuSeconds } from './chat-support.ts';
import { spawnUntilHealthy, stopServer } from './support/spawn-server.ts';
import { metricMb, percentile, serverNodeArgs } from './support/stats.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const REST_SECONDS = Number(process.env.BENCH_REST_SECONDS ?? 10);

/** startCpu: the server's own CPU seconds (all threads) at its first answer, which load barely changes. */
type Running = { child: ChildProcess; port: number; startMs: number; startCpu: number; output: () => string };

async function start(dataDir: string): Promise<Running> {
  // The bench's own flags after the server's, so that a variant tried through them wins.
  const args = [...serverNodeFlags, ...serverNodeArgs(), serverMainJs, '--demo'];
  const { child, port, startMs, output } = await spawnUntilHealthy(args, dataDir, 180_000);
  return { child, port, startMs, startCpu: cpuSeconds(child.pid ?? 0), output };
}

const stop = (running: Running) => stopServer(running.child);

/** kB fields of /proc/PID/smaps_rollup, in MB. */
function rollup(pid: number): Record<string, number> {
  const fields: Record<string, number> = {};
  for (const line of readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').split('\n')) {
    const match = /^(\w+):\s+(\d+) kB/.exec(line);
    if (match) fields[match[1] as string] = Number(match[2]) / 1024;
  }
  return fields;
}

type AtRest = {
  startMs: number;
  startCpu: number;
  rss: number;
  anon: number;
  file: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
};

async function measure(dataDir: string): Promise<AtRest> {
  const running = await start(dataDir);
  try {
    await new Promise((r) => setTimeout(r, REST_SECONDS * 1000));
    const pid = running.child.pid ?? 0;
    const r = rollup(pid);
    return {
      startMs: running.startMs,
      startCpu: running.startCpu,
      rss: r.Rss ?? Number.NaN,
      anon: r.Anonymous ?? Number.NaN,
      file: (r.Rss ?? 0) - (r.Anonymous ?? 0),
      heapUsed: await metricMb(`http://127.0.0.1:${running.port}`, 'nodejs_heap_size_used_bytes'),
      heapTotal: await metricMb(`http://127.0.0.1:${running.port}`, 'nodejs_heap_size_total_bytes'),
      external: await metricMb(`http://127.0.0.1:${running.port}`, 'nodejs_external_memory_bytes'),
    };
  } finally {
    await stop(running);
  }
}

const mb = (n: number) => `${n.toFixed(0)} MB`;

async function main(): Promise<void> {
  const status = await buildServerIfStale();
  if (status !== 0) throw new Error(`server build failed with status ${status}`);
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}; ` +
      `embedded database, demo community, ${REST_SECONDS} s idle before each reading`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'stoop-bench-rest-'));
  try {
    const first = await start(dataDir);
    console.log(`first start (new data folder, demo seeded): ${(first.startMs / 1000).toFixed(2)} s`);
    await stop(first);
    const runs: AtRest[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const r = await measure(dataDir);
      runs.push(r);
      console.log(
        `existing data folder: start ${(r.startMs / 1000).toFixed(2)} s (server CPU ${r.startCpu.toFixed(2)} s); at rest RSS ${mb(r.rss)} ` +
          `(anonymous ${mb(r.anon)}, file-backed ${mb(r.file)}; V8 heap used ${mb(r.heapUsed)} of ${mb(r.heapTotal)}, external ${mb(r.external)}); load ${loadavg()[0]?.toFixed(1) ?? '?'}`,
      );
    }
    const median = (xs: number[]) =>
      percentile(
        [...xs].sort((a, b) => a - b),
        50,
      );
    console.log(
      `median of ${RUNS}: at rest ${mb(median(runs.map((r) => r.rss)))} (goal < 150 MB), ` +
        `start ${(median(runs.map((r) => r.startMs)) / 1000).toFixed(2)} s (goal < 1.5 s)`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
