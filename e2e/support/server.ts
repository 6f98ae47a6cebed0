import { spawn, type ChildProcess } from 'node:child_process';
import { createECDH } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildServerIfStale,
  serverEnv,
  serverListeningLine,
  serverMainJs,
  serverNodeFlags,
} from '../../scripts/build-server.mjs';

const root = new URL('../..', import.meta.url).pathname;

export interface RunningStoop {
  url: string;
  pid: number;
  /** Milliseconds from spawning the process to the first answer of GET /api/csrf-token. */
  startupMs: number;
  dataDir: string;
  output: () => string;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs` (default 5 s). */
  stop: (graceMs?: number) => Promise<void>;
}

/**
 * A data folder a server has already migrated and set up (the admin account), made once per e2e
 * run by the global setup. A fresh embedded database migrates on first start, which on a busy
 * two-core machine takes most of a minute; each file's server starts from a copy of this instead,
 * which holds exactly what that first start would have made.
 */
export const TEMPLATE_DATA_DIR_VARIABLE = 'STOOP_E2E_TEMPLATE_DATA_DIR';

/** Starts a server on a fresh folder, lets it migrate, and stops it cleanly: the template. */
export async function makeTemplateDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stoop-e2e-template-'));
  const stoop = await startStoop({ dataDir });
  await stoop.stop(60_000);
  return dataDir;
}

/** A new data folder: a copy of the run's template where there is one, else empty. */
function newDataDir(env: Record<string, string>): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'stoop-e2e-'));
  const template = process.env[TEMPLATE_DATA_DIR_VARIABLE];
  // A server on PostgreSQL keeps nothing of its database in the folder.
  if (template && !env.DATABASE_URL) cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

// Under the e2e hook timeout (120 s), so a slow start fails with the server's output.
const START_TIMEOUT_MS = 180_000;

export const ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface StartOptions {
  env?: Record<string, string>;
  /**
   * Extra node flags for the server process (the benches pass --cpu-prof through it). They come
   * after the server's own flags, so a variant of one of them (a semi-space size) takes effect.
   */
  nodeArgs?: string[];
  /** Reuse this data folder (kept on stop); by default a fresh one is made and removed. */
  dataDir?: string;
  /** How long to wait for the first answer (default 60 s; a busy shared machine needs more). */
  readyTimeoutMs?: number;
  /** Listen on this port (a build that names the server's URL needs it ahead); a free one by default. */
  port?: number;
  /**
   * 'flows' (the default) lets the event loop run 5 s behind before sends are refused: the flows
   * are not about overload. 'shipping' keeps the server's own bound, for the benches.
   */
  admission?: 'flows' | 'shipping';
}

let vapidKeys: { publicKey: string; privateKey: string } | undefined;

/** A VAPID key pair: a P-256 key, public as the uncompressed point, private as 32 bytes. */
function makeVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // getPrivateKey drops leading zero bytes; push services expect exactly 32.
    privateKey: Buffer.from(ecdh.getPrivateKey().toString('hex').padStart(64, '0'), 'hex').toString(
      'base64url',
    ),
  };
}

/** Server mode refuses to start without these (R-OPS-18); one set for every server of the run. */
function serverModeSecrets(): Record<string, string> {
  vapidKeys ??= makeVapidKeys();
  return {
    SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0000',
    VAPID_PUBLIC_KEY: vapidKeys.publicKey,
    VAPID_PRIVATE_KEY: vapidKeys.privateKey,
  };
}

let serverBuilt: Promise<void> | undefined;

/** Compiles the server when its sources changed (once per process; e2e's global setup already did). */
export function ensureServerBuilt(): Promise<void> {
  serverBuilt ??= buildServerIfStale().then((status) => {
    if (status !== 0) throw new Error(`server build failed with status ${status}`);
  });
  return serverBuilt;
}

/** How many ports a start tries when another process takes the one it found free. */
const PORT_ATTEMPTS = 3;

/**
 * Starts the real server process (as `npm start` does: the compiled packages/server/dist/main.js)
 * on a free port with its own data folder.
 */
export async function startStoop(options: StartOptions = {}): Promise<RunningStoop> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startStoopOnce(options);
    } catch (error) {
      const portTaken = error instanceof Error && error.message.includes('EADDRINUSE');
      if (!portTaken || options.port !== undefined || attempt === PORT_ATTEMPTS) throw error;
    }
  }
}

async function startStoopOnce(options: StartOptions): Promise<RunningStoop> {
  const { env = {} } = options;
  await ensureServerBuilt();
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? newDataDir(env);
  const startedAt = performance.now();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [...serverNodeFlags, ...(options.nodeArgs ?? []), serverMainJs],
    {
      cwd: root,
      env: {
        ...serverEnv,
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
        // The flows are not about overload: on a test machine running two browsers and servers at
        // once, the event loop falls behind for the machine, not for the community's sends, and
        // the 200 ms bound would turn a flow's sends into waits of a second or more.
        ...(options.admission === 'shipping' ? {} : { SEND_QUEUE_MAX_LAG_MS: '5000' }),
        ...(env.DATABASE_URL ? serverModeSecrets() : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  // A fresh PGlite migrates on first start; on a busy two-core machine that alone can pass a minute.
  const readyTimeoutMs = options.readyTimeoutMs ?? START_TIMEOUT_MS;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server exited early:\n${output}`);
    }
    try {
      if (output.includes(serverListeningLine(port)) && (await fetch(`${url}/api/csrf-token`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`server did not answer within ${readyTimeoutMs / 1000} s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  const startupMs = performance.now() - startedAt;
  return {
    url,
    pid: child.pid ?? 0,
    startupMs,
    dataDir,
    output: () => output,
    stop: async (graceMs = 5000) => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, graceMs))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
