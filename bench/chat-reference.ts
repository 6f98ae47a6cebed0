/**
 * The reference target of bench/chat.ts (BENCH_DB=…,reference): bench/reference-server.ts compiled
 * to plain JavaScript in bench/dist (as the server is compiled, so no TypeScript loader runs in the
 * measured process) and started with the server's node flags and malloc environment
 * (scripts/build-server.mjs) on a scratch PostgreSQL database of its own; and the bench's clients
 * for it, which need no accounts: the `user` cookie names the author.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { build } from 'esbuild';
import { serverEnv, serverNodeFlags } from '../scripts/build-server.mjs';
import { freePort } from '../e2e/support/server.ts';

const here = new URL('.', import.meta.url).pathname;

export type RunningReference = { url: string; pid: number; stop(): Promise<void> };

/** A client of the bench: what its senders and member sockets need of a session. */
export type BenchClient = { cookieHeader(): string; csrfToken(): Promise<string> };

/** `count` clients of the reference, each its own author. */
export const referenceClients = (count: number): BenchClient[] =>
  Array.from({ length: count }, (_, i) => ({
    cookieHeader: () => `user=resident${i}`,
    // The reference checks no CSRF token; the senders send one as they do to the server.
    csrfToken: () => Promise.resolve('none'),
  }));

export async function startReference(databaseUrl: string, nodeArgs: string[]): Promise<RunningReference> {
  // Imports stay imports: socket.io and pg load from node_modules, as the server's packages do.
  const outfile = join(here, 'dist/reference-server.js');
  await build({
    entryPoints: [join(here, 'reference-server.ts')],
    outfile,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, ...serverNodeFlags, outfile], {
    env: {
      ...serverEnv,
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('reference listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`reference server exited with ${code}`)));
  });
  child.removeAllListeners('exit');
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
