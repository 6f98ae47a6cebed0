/**
 * Starting a server process for the start-up and rest benches: spawned on a free port with the
 * bench's admin and a data folder, polled until the first 200 of GET /healthz.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { serverEnv, serverListeningLine } from '../../scripts/build-server.mjs';
import { freePort } from '../../e2e/support/server.ts';

const POLL_MS = 5;
const root = new URL('../..', import.meta.url).pathname;

export type SpawnedServer = {
  child: ChildProcess;
  port: number;
  /** From the spawn to the first 200 of /healthz, wall clock. */
  startMs: number;
  /** What the process printed so far. */
  output: () => string;
};

/** Spawns `node ...args` in the repository's root and waits for its first 200 of /healthz. */
export async function spawnUntilHealthy(
  args: string[],
  dataDir: string,
  timeoutMs: number,
): Promise<SpawnedServer> {
  const port = await freePort();
  let output = '';
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...serverEnv,
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'admin@bench.test',
      ADMIN_PASSWORD: 'bench-admin-password',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const listening = output.includes(serverListeningLine(port));
      if (listening && (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - startedAt > timeoutMs)
      throw new Error(`no answer within ${timeoutMs / 1000} s:\n${output}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return { child, port, startMs: performance.now() - startedAt, output: () => output };
}

/** Stops a spawned server with SIGTERM and waits for it to exit. */
export async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
