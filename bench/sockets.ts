/**
 * `npm run bench:sockets`: resident memory of one embedded server holding BENCH_SOCKETS (10,000)
 * idle authenticated sockets, measured (not extrapolated). The residents and their sessions are
 * written straight into the stopped server's database (one statement each, a known token per
 * session), so no sign-in (argon2id) is needed; then the server starts again and
 * BENCH_SOCKET_PROCESSES (4) child processes (bench/sockets-clients.ts) open real socket.io clients
 * (websocket transport, the session cookie), BENCH_SOCKET_CONCURRENCY (100) handshakes at a time
 * each. The server's RSS is read before the first socket and after BENCH_REST_SECONDS (15) with
 * all of them open and idle. Goal: under 500 MB. Memory does not depend on the machine's load.
 */
import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defaultUserMetadata } from '@stoop/shared';
import { startStoop } from './support/stoop.ts';
import { openPglite } from '../packages/server/src/db/client.ts';
import { BENCH_LIMITS } from './chat-support.ts';
import { metricMb, rssMb, serverNodeArgs } from './support/stats.ts';
import type { ClientsResult } from './sockets-clients.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const PROCESSES = Number(process.env.BENCH_SOCKET_PROCESSES ?? 4);
const REST_SECONDS = Number(process.env.BENCH_REST_SECONDS ?? 15);
/**
 * SOCKETS residents, one session each, written in two statements while the server is stopped.
 * Resident i's token is `bench-socket-session-i` (bench/sockets-clients.ts); the server stores its
 * SHA-256, as for a real sign-in.
 */
async function writeSessions(dataDir: string): Promise<void> {
  const database = await openPglite(path.join(dataDir, 'db'));
  if (database.kind !== 'pglite') throw new Error('expected the embedded database');
  const client = database.client;
  try {
    await client.query(
      `insert into users (id, email, username, metadata, password_hash)
       select gen_random_uuid(), 'socket' || i || '@bench.test', 'Socket ' || i, $1::jsonb, 'no-sign-in'
       from generate_series(1, $2::int) as i`,
      [JSON.stringify(defaultUserMetadata()), SOCKETS],
    );
    await client.query(
      `insert into sessions (id, token_hash, user_id, expires_at)
       select gen_random_uuid(), encode(sha256(convert_to('bench-socket-session-' || substr(u.email, 7, strpos(u.email, '@') - 7), 'UTF8')), 'hex'),
              u.id, now() + interval '30 days'
       from users u where u.email like 'socket%@bench.test'`,
    );
  } finally {
    await database.close();
  }
}

function runClients(
  url: string,
  from: number,
  to: number,
  cookieName: string,
): Promise<ClientsResult> & { child: ChildProcess } {
  const child = fork(fileURLToPath(new URL('./sockets-clients.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
  });
  const result = new Promise<ClientsResult>((resolve, reject) => {
    child.once('message', (message: ClientsResult) => resolve(message));
    child.once('exit', (code) => reject(new Error(`client process exited with ${code}`)));
    child.send({
      url,
      from,
      to,
      cookieName,
      concurrency: Number(process.env.BENCH_SOCKET_CONCURRENCY ?? 100),
    });
  });
  return Object.assign(result, { child });
}

/** V8's heap and the memory it counts outside it (PGlite's WASM memory, buffers), from /metrics. */
async function v8Memory(url: string): Promise<string> {
  const [used, total, external] = await Promise.all(
    ['nodejs_heap_size_used_bytes', 'nodejs_heap_size_total_bytes', 'nodejs_external_memory_bytes'].map(
      (name) => metricMb(url, name),
    ),
  );
  return `heap used ${used?.toFixed(0)} MB of ${total?.toFixed(0)} MB, external ${external?.toFixed(0)} MB`;
}

async function main(): Promise<void> {
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}; ` +
      `embedded database, ${SOCKETS} sockets from ${PROCESSES} client processes`,
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stoop-sockets-'));
  const env = { ...BENCH_LIMITS };
  try {
    // The first start makes and migrates the database; the residents are written while it is stopped.
    // A first start makes the data folder (initdb, migrations): minutes on a busy machine.
    let stoop = await startStoop({ env, dataDir, readyTimeoutMs: 900_000 });
    await stoop.stop();
    const writing = performance.now();
    await writeSessions(dataDir);
    console.log(
      `${SOCKETS} residents and sessions written in ${((performance.now() - writing) / 1000).toFixed(1)} s`,
    );

    stoop = await startStoop({ env, dataDir, nodeArgs: serverNodeArgs(), readyTimeoutMs: 900_000 });
    try {
      console.log(`server up at ${stoop.url}`);
      await new Promise((r) => setTimeout(r, 5000));
      const before = rssMb(stoop.pid);
      const heapBefore = await v8Memory(stoop.url);
      const started = performance.now();
      const share = Math.ceil(SOCKETS / PROCESSES);
      const clients = Array.from({ length: PROCESSES }, (_, k) =>
        runClients(stoop.url, k * share + 1, Math.min(SOCKETS, (k + 1) * share), 'stoop_session'),
      );
      const results = await Promise.all(clients);
      const connected = results.reduce((sum, r) => sum + r.connected, 0);
      const refused = results.reduce((sum, r) => sum + r.refused, 0);
      const refusals = [...new Set(results.flatMap((r) => r.reasons))].join(', ');
      console.log(
        `connected ${connected} of ${SOCKETS} in ${((performance.now() - started) / 1000).toFixed(1)} s, refused or failed ${refused}${refusals ? ` (${refusals})` : ''}`,
      );
      await new Promise((r) => setTimeout(r, REST_SECONDS * 1000));
      const after = rssMb(stoop.pid);
      const heapAfter = await v8Memory(stoop.url);
      const still = await Promise.all(
        clients.map(
          (c) =>
            new Promise<number>((resolve) => {
              c.child.once('message', (m: { open: number }) => resolve(m.open));
              c.child.send({ type: 'count' });
            }),
        ),
      );
      console.log(
        `server RSS before the sockets ${before} MB; with ${still.reduce((a, b) => a + b, 0)} open idle sockets after ${REST_SECONDS} s: ${after} MB ` +
          `(goal < 500 MB); load ${loadavg()[0]?.toFixed(1) ?? '?'}`,
      );
      console.log(`V8 before the sockets: ${heapBefore}; with them: ${heapAfter}`);
      for (const c of clients) c.child.kill();
    } finally {
      await stoop.stop();
    }
  } finally {
    // A server still writing its last files must not turn the run's own error into ENOTEMPTY.
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

await main();
