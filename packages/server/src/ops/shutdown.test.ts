import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { defaultUserMetadata } from '@stoop/shared';
import { hashPassword } from '../auth/password.ts';
import { migrateDatabase, openPglite, type Database, type Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { createTestDatabase, usingPostgres } from '../test/database.ts';
import { insertUser } from '../users/repo.ts';
import { buildCompiledServer, freePort, sharedSecretsEnv } from '../test/processes.ts';
import {
  serverEnv as serverStartEnv,
  serverMainJs,
  serverNodeFlags,
} from '../../../../scripts/build-server.mjs';

/** Starting the real server on a loaded machine takes a while. */
const TIMEOUT_MS = 300_000;
const ROOT = path.join(import.meta.dirname, '..', '..', '..', '..');
const PASSWORD = 'resident password';
const RESIDENTS = 4;

let dataDir = '';
let port = 0;
let pgDatabase: Database | undefined;
let serverEnv: Record<string, string> = {};

type Server = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** The compiled server (packages/server/dist/main.js), as `npm start` runs it, on the test's DATA_DIR. */
async function startServer(): Promise<Server> {
  let output = '';
  const child = spawn(process.execPath, [...serverNodeFlags, serverMainJs], {
    cwd: ROOT,
    env: { ...serverStartEnv, ...process.env, ...serverEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + TIMEOUT_MS / 2;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, output: () => output, exited };
}

/** A signed-in client: session cookie and CSRF token. */
async function signIn(email: string, password: string): Promise<{ cookie: string; csrf: string }> {
  const base = `http://127.0.0.1:${port}`;
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  };
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const token = async () => {
    const response = await fetch(`${base}/api/csrf-token`, { headers: { cookie: cookie() } });
    remember(response);
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  };
  const csrf = await token();
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { cookie: cookie(), 'x-csrf-token': csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login ${login.status}: ${await login.text()}`);
  remember(login);
  return { csrf: await token(), cookie: cookie() };
}

/** The residents' accounts, written before the first start. */
async function seedResidents(db: Db): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  for (let i = 0; i < RESIDENTS; i += 1) {
    await insertUser(db, {
      email: `resident${i}@shutdown.test`,
      username: `Resident ${i}`,
      description: '',
      passwordHash,
      metadata: defaultUserMetadata(),
      role: 'resident',
      isLocked: false,
      lockReason: null,
    });
  }
}

async function withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  if (pgDatabase) return work(pgDatabase.db);
  const database = await openPglite(path.join(dataDir, 'db'));
  try {
    await migrateDatabase(database);
    return await work(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  await buildCompiledServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'stoop-shutdown-'));
  port = await freePort();
  serverEnv = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ADMIN_EMAIL: 'admin@shutdown.test',
    ADMIN_PASSWORD: 'admin password',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'shutdown-test-session-secret-long-enough-000',
    RATE_LIMIT_USER_PER_MINUTE: '100000',
    RATE_LIMIT_SESSION_PER_MINUTE: '100000',
    RATE_LIMIT_SENDS_PER_CONVERSATION_PER_MINUTE: '100000',
    RATE_LIMIT_LOGIN_PER_IP: '10000',
    // Long enough to see /readyz answer 503 while sends are still served.
    SHUTDOWN_DRAIN_MS: '1500',
  };
  if (usingPostgres()) {
    pgDatabase = await createTestDatabase();
    const url = (pgDatabase.client as { options: { connectionString?: string } }).options.connectionString;
    // Server mode: the shared secrets are required (R-OPS-18).
    serverEnv = { ...serverEnv, ...sharedSecretsEnv(), DATABASE_URL: url ?? '' };
  }
  await withDatabase(seedResidents);
}, TIMEOUT_MS);
afterAll(async () => {
  await pgDatabase?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('graceful shutdown (R-OPS-16)', () => {
  it(
    'loses no acknowledged send across a SIGTERM under load, and reports draining',
    async () => {
      const first = await startServer();
      const base = `http://127.0.0.1:${port}`;
      const admin = await signIn('admin@shutdown.test', 'admin password');
      const created = await fetch(`${base}/api/conversations`, {
        method: 'POST',
        headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'channel', name: 'lobby' }),
      });
      expect(created.status).toBe(201);
      const channelId = ((await created.json()) as { conversation: { id: string } }).conversation.id;

      const residents = await Promise.all(
        Array.from({ length: RESIDENTS }, (_, i) => signIn(`resident${i}@shutdown.test`, PASSWORD)),
      );
      const restarting: boolean[] = residents.map(() => false);
      const disconnects: string[] = [];
      const sockets: Socket[] = residents.map((resident, i) => {
        const socket = connect(base, {
          path: '/socket.io',
          transports: ['websocket'],
          extraHeaders: { cookie: resident.cookie, origin: base },
          reconnection: false,
        });
        socket.on('server:restarting', () => (restarting[i] = true));
        socket.on('disconnect', (reason) => disconnects.push(reason));
        return socket;
      });
      await Promise.all(
        sockets.map((s) => new Promise<void>((resolve) => s.once('connect', () => resolve()))),
      );

      // Every resident sends without pause, recording each send the server acknowledged (2xx).
      const acked: string[] = [];
      let ackedBeforeSignal = 0;
      let failures = 0;
      let stop = false;
      const senders = residents.map(async (resident, r) => {
        for (let i = 0; !stop; i += 1) {
          const clientMessageId = `r${r}-${i}`;
          try {
            const response = await fetch(`${base}/api/conversations/${channelId}/messages`, {
              method: 'POST',
              headers: {
                cookie: resident.cookie,
                'x-csrf-token': resident.csrf,
                'content-type': 'application/json',
              },
              body: JSON.stringify({ content: `message ${clientMessageId}`, clientMessageId }),
            });
            await response.arrayBuffer();
            if (response.status === 201 || response.status === 200) acked.push(clientMessageId);
            else failures += 1;
          } catch {
            failures += 1;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }
      });

      while (acked.length < 40) await new Promise((resolve) => setTimeout(resolve, 20));
      ackedBeforeSignal = acked.length;
      first.child.kill('SIGTERM');
      // Draining: still up, no longer ready (the signal takes a moment to arrive).
      let readiness = await fetch(`${base}/readyz`);
      for (let i = 0; i < 50 && readiness.status === 200; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        readiness = await fetch(`${base}/readyz`);
      }
      expect(readiness.status).toBe(503);
      expect(await readiness.json()).toMatchObject({ status: 'draining' });
      const code = await first.exited;
      stop = true;
      await Promise.all(senders);
      for (const socket of sockets) socket.close();

      expect(code, first.output()).toBe(0);
      // Told first, then disconnected by the server. Either way the web client reconnects: after
      // 'io server disconnect' socket.ts reconnects itself, after 'transport close' socket.io does.
      expect(restarting.every(Boolean)).toBe(true);
      expect(disconnects).toHaveLength(RESIDENTS);
      for (const reason of disconnects) expect(['io server disconnect', 'transport close']).toContain(reason);
      // Sends were still being acknowledged after the signal, while the server drained.
      expect(acked.length).toBeGreaterThan(ackedBeforeSignal);

      // Same DATA_DIR (or database): every acknowledged send is there exactly once.
      const second = await startServer();
      const history = await fetch(`${base}/api/conversations/${channelId}/messages?limit=1`, {
        headers: { cookie: admin.cookie },
      });
      expect(history.status).toBe(200);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);

      const stored = await withDatabase(async (db) =>
        rowsOf<{ id: string; n: number }>(
          await db.execute(
            sql`select client_message_id as id, count(*)::int as n from messages
                where conversation_id = ${channelId} and client_message_id is not null
                group by client_message_id`,
          ),
        ),
      );
      const count = new Map(stored.map((row) => [row.id, row.n]));
      const missing = acked.filter((id) => count.get(id) !== 1);
      expect(missing, `${acked.length} acknowledged, ${failures} refused or cut`).toEqual([]);
    },
    TIMEOUT_MS,
  );
});
