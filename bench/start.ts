/**
 * `npm run bench:start`: start-up to first answer on an existing data folder — from spawning the
 * server process to the first 200 of GET /healthz, with a data folder whose database is already
 * migrated and has its admin. Median of BENCH_RUNS (5) for the compiled server (what `npm start`
 * runs) and, for comparison, the TypeScript sources through tsx. Prints figures; asserts nothing.
 * Goal (issue "Trust and operations"): under 1.5 s on a 2-core machine.
 * BENCH_CPU_PROFILE_DIR=dir writes a V8 CPU profile of each compiled start there.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { buildServerIfStale, serverMainJs, serverNodeFlags } from '../scripts/build-server.mjs';
import { spawnUntilHealthy, stopServer } from './support/spawn-server.ts';
import { percentile, serverNodeArgs } from './support/stats.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const root = new URL('..', import.meta.url).pathname;

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux; NaN elsewhere). */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

type Start = { wallMs: number; cpuMs: number };

/**
 * Spawns the server and returns the time to the first 200 of /healthz, wall clock and the
 * server's own CPU time (which other work on a shared machine barely changes), then stops it.
 */
async function timeStart(args: string[], dataDir: string): Promise<Start> {
  const { child, startMs } = await spawnUntilHealthy(args, dataDir, 120_000);
  const start = { wallMs: startMs, cpuMs: cpuMs(child.pid) };
  await stopServer(child);
  return start;
}

/**
 * Runs the variants in turns (A, B, A, B, …) so that a change in the machine's load during the
 * bench touches both alike, then prints each one's median.
 */
async function series(variants: { label: string; args: string[] }[], dataDir: string): Promise<void> {
  const starts = variants.map(() => [] as Start[]);
  for (let i = 0; i < RUNS; i++)
    for (const [index, variant] of variants.entries())
      starts[index]!.push(await timeStart(variant.args, dataDir));
  const median = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    );
  const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  for (const [index, variant] of variants.entries()) {
    const wall = starts[index]!.map((s) => s.wallMs);
    const cpu = starts[index]!.map((s) => s.cpuMs);
    console.log(
      `${variant.label}: median ${fmt(median(wall))} (runs ${wall.map(fmt).join(', ')}); server CPU median ${fmt(median(cpu))}`,
    );
  }
  console.log(`load average (1 min) at the end: ${loadavg()[0]!.toFixed(1)}`);
}

async function main(): Promise<void> {
  const status = await buildServerIfStale();
  if (status !== 0) throw new Error(`server build failed with status ${status}`);
  console.log('start-up: spawn to the first 200 of GET /healthz, median of', RUNS);
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'stoop-bench-start-'));
  try {
    // The first start creates and migrates the database and the admin; not measured.
    const first = await timeStart([serverMainJs], dataDir);
    console.log(`first start, empty data folder (migrations + admin): ${(first.wallMs / 1000).toFixed(2)} s`);
    // The bench's own flags after the server's, so that a variant tried through them wins.
    const compiled = [...serverNodeFlags, ...serverNodeArgs(), serverMainJs];
    const typescript = ['--import', 'tsx', join(root, 'packages/server/src/main.ts')];
    await series(
      [
        { label: 'existing data folder, compiled (npm start)', args: compiled },
        { label: 'existing data folder, tsx sources (before)', args: typescript },
      ],
      dataDir,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
