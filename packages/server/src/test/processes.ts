import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import {
  buildServerIfStale,
  serverEnv,
  serverListeningLine,
  serverMainJs,
  serverNodeFlags,
} from '../../../../scripts/build-server.mjs';

/** A free TCP port on 127.0.0.1. */
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

let vapidKeys: { publicKey: string; privateKey: string } | undefined;

/**
 * The secrets server mode requires on every instance (R-OPS-18), the same for every process this
 * test run starts: a test session secret and one VAPID key pair made on first use.
 */
export function sharedSecretsEnv(): Record<
  'SESSION_SECRET' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY',
  string
> {
  vapidKeys ??= webpush.generateVAPIDKeys();
  return {
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-000',
    VAPID_PUBLIC_KEY: vapidKeys.publicKey,
    VAPID_PRIVATE_KEY: vapidKeys.privateKey,
  };
}

export type ServerProcess = {
  name: string;
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  /** SIGTERM, then SIGKILL after 5 s; removes the data folder. */
  stop(): Promise<void>;
};

/** Compiles the server if its sources changed (scripts/build-server.mjs); throws on a failed build. */
export async function buildCompiledServer(): Promise<void> {
  const status = await buildServerIfStale();
  if (status !== 0) throw new Error(`server build failed with status ${status}`);
}

/**
 * Spawns the compiled server (packages/server/dist/main.js, what `npm start` runs) on a free port
 * (or `options.port`) with its own data folder, and resolves once GET /healthz answers 200, which
 * it does only once it listens, after migrations and start-up.
 */
export async function spawnServer(
  name: string,
  env: Record<string, string>,
  options: { port?: number; nodeArgs?: string[]; startTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = await mkdtemp(path.join(tmpdir(), `stoop-${name}-`));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [...serverNodeFlags, ...(options.nodeArgs ?? []), serverMainJs], {
    env: {
      ...serverEnv,
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10 });
  };
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await rm(dataDir, { recursive: true, force: true, maxRetries: 10 });
      throw new Error(`server ${name} exited early:\n${output}`);
    }
    try {
      const listening = output.includes(serverListeningLine(port));
      if (listening && (await fetch(`${url}/healthz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server ${name} did not answer within ${startTimeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return { name, url, port, child, output: () => output, stop };
}

export type LoadBalancer = { url: string; close(): Promise<void> };

/**
 * A TCP load balancer in front of several instances: each new connection goes to the first backend
 * that accepts it, so once an instance is gone, reconnecting clients land on the next one.
 */
export async function loadBalancer(backendPorts: number[]): Promise<LoadBalancer> {
  const open = new Set<Socket>();
  const forward = (client: Socket, index: number) => {
    const port = backendPorts[index];
    if (port === undefined) {
      client.destroy();
      return;
    }
    const upstream = connect(port, '127.0.0.1');
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      open.add(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    upstream.on('error', () => {
      if (!connected) forward(client, index + 1);
      else client.destroy();
    });
    upstream.on('close', () => {
      open.delete(upstream);
      if (connected) client.destroy();
    });
  };
  const server: Server = createServer((client) => {
    open.add(client);
    client.on('error', () => client.destroy());
    client.on('close', () => open.delete(client));
    client.pause();
    forward(client, 0);
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
