import { randomBytes } from 'node:crypto';
import { request as httpRequest, Agent as HttpAgent } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultUserMetadata, type ClientToServerEvents, type ServerToClientEvents } from '@stoop/shared';
import { hashPassword } from '../auth/password.ts';
import { openPg } from '../db/client.ts';
import { until } from '../realtime/testing.ts';
import { findNginx, NGINX_INSTALL, startNginx, type Nginx } from '../test/nginx.ts';
import {
  buildCompiledServer,
  freePort,
  sharedSecretsEnv,
  spawnServer,
  type ServerProcess,
} from '../test/processes.ts';
import { testRedisUrl } from '../test/redis.ts';
import { adminQuery, databaseUrl } from '../test/template.ts';
import { insertUser } from '../users/repo.ts';

/**
 * Server mode as an operator runs it (R-OPS-17, R-OPS-18, R-OPS-19): two instances of the compiled
 * server on one PostgreSQL database, one Redis and one upload folder, behind Debian's nginx running
 * deploy/nginx.conf with only its ports and paths changed. Runs in the server-pg project with
 * TEST_DATABASE_URL, TEST_REDIS_URL and nginx installed; without nginx it says SKIPPED loudly (and
 * `npm test` under CI fails on the skip).
 */
const nginxBinary = findNginx();
if (!nginxBinary) {
  const line = `SKIPPED: nginx server-mode suite — install Debian's nginx: ${NGINX_INSTALL}`;
  console.error(`\n${'='.repeat(line.length)}\n${line}\n${'='.repeat(line.length)}\n`);
}
const redisUrl = testRedisUrl('nginx server-mode suite (two instances behind deploy/nginx.conf)');
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const TIMEOUT_MS = 240_000;
const PASSWORD = 'resident password';
const SENDERS = 4;
/** nginx's fail_timeout in deploy/nginx.conf: how long it leaves an instance it saw fail alone. */
const NGINX_FAIL_TIMEOUT_MS = 5000;

type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Answer = { status: number; body: string; json<T>(): T };

/** A client with a cookie jar, over one kept-alive agent (https through nginx, or http to an instance). */
class Client {
  private readonly cookies = new Map<string, string>();
  csrf = '';

  constructor(
    readonly base: string,
    private readonly agent: HttpAgent | HttpsAgent,
  ) {}

  get cookie(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** The same session through another base (an instance directly). */
  via(base: string, agent: HttpAgent | HttpsAgent): Client {
    const other = new Client(base, agent);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    other.csrf = this.csrf;
    return other;
  }

  call(method: string, url: string, body?: unknown): Promise<Answer> {
    const target = new URL(url, this.base);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { cookie: this.cookie };
    if (this.csrf) headers['x-csrf-token'] = this.csrf;
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = send(target, { method, headers, agent: this.agent }, (response) => {
        for (const line of response.headers['set-cookie'] ?? []) {
          const [pair = ''] = line.split(';');
          const at = pair.indexOf('=');
          const value = pair.slice(at + 1).trim();
          if (value) this.cookies.set(pair.slice(0, at).trim(), value);
          else this.cookies.delete(pair.slice(0, at).trim());
        }
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: text, json: <T>() => JSON.parse(text) as T }),
        );
        response.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  async signIn(email: string, password: string): Promise<this> {
    this.csrf = (await this.call('GET', '/api/csrf-token')).json<{ csrfToken: string }>().csrfToken;
    const login = await this.call('POST', '/api/login', { email, password });
    if (login.status !== 200) throw new Error(`login ${login.status}: ${login.body}`);
    this.csrf = (await this.call('GET', '/api/csrf-token')).json<{ csrfToken: string }>().csrfToken;
    return this;
  }
}

let nginx: Nginx | undefined;
let workDir = '';
let databaseName = '';
let url = '';
let env: Record<string, string> = {};
const ports: [number, number] = [0, 0];
const instances: (ServerProcess | undefined)[] = [undefined, undefined];
let startOutcomes: PromiseSettledResult<ServerProcess>[] = [];
let tls: HttpsAgent;
let plain: HttpAgent;
let admin: Client;
let channelId = '';
const opened: { close(): void }[] = [];

const startInstance = (index: 0 | 1) => spawnServer(`nginx-${index}`, env, { port: ports[index] });

/** A resident's socket, as the web app opens it (cookie, origin), to `base` over `transports`. */
function openSocket(base: string, client: Client, transports: ('websocket' | 'polling')[]): ChatSocket {
  const socket: ChatSocket = connect(base, {
    path: '/socket.io',
    transports,
    forceNew: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 300,
    extraHeaders: { cookie: client.cookie, origin: nginx!.url },
    ca: nginx!.ca,
  });
  opened.push(socket);
  return socket;
}

/** Resolves once the socket is connected and watching the channel (an acknowledged join). */
async function watching(socket: ChatSocket): Promise<void> {
  if (!socket.connected) await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  await new Promise<void>((resolve) =>
    socket.emit('conversation:join', { conversationId: channelId }, () => resolve()),
  );
}

/** Every message:new id a socket receives. */
function received(socket: ChatSocket): string[] {
  const ids: string[] = [];
  socket.on('message:new', ({ message }) => ids.push(message.clientMessageId ?? message.id));
  return ids;
}

async function openSockets(base: string): Promise<number> {
  const metrics = await (await fetch(`${base}/metrics`)).text();
  return Number(/^stoop_open_sockets (\d+)/m.exec(metrics)?.[1] ?? NaN);
}

async function residentAccounts(count: number): Promise<string[]> {
  const database = await openPg(url);
  try {
    const passwordHash = await hashPassword(PASSWORD);
    const emails = Array.from({ length: count }, (_, i) => `resident${i}@nginx.test`);
    for (const email of emails)
      await insertUser(database.db, {
        email,
        username: email.split('@')[0] ?? email,
        description: '',
        passwordHash,
        metadata: defaultUserMetadata(),
        role: 'resident',
        isLocked: false,
        lockReason: null,
      });
    return emails;
  } finally {
    await database.close();
  }
}

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

let residents: string[] = [];

describe.skipIf(!nginxBinary || !redisUrl || !adminUrl)('server mode behind the shipped nginx config', () => {
  beforeAll(async () => {
    await buildCompiledServer();
    workDir = await mkdtemp(path.join(tmpdir(), 'stoop-nginx-'));
    // An empty database: no template, so the instances below migrate it themselves.
    databaseName = `stoop_test_nginx_${randomBytes(5).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${databaseName}`);
    url = databaseUrl(adminUrl, databaseName);
    ports[0] = await freePort();
    ports[1] = await freePort();
    const nginxPorts = { https: await freePort(), http: await freePort(), instances: ports };
    nginx = await startNginx(nginxBinary!, path.join(workDir, 'nginx'), nginxPorts);
    tls = new HttpsAgent({ keepAlive: true, ca: nginx.ca, maxSockets: 16 });
    plain = new HttpAgent({ keepAlive: true });
    env = {
      DATABASE_URL: url,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `stoop-test-${randomBytes(4).toString('hex')}:`,
      UPLOAD_DIR: path.join(workDir, 'uploads'),
      PUBLIC_URL: nginx.url,
      TRUST_PROXY: '1',
      ...sharedSecretsEnv(),
      ADMIN_EMAIL: 'admin@nginx.test',
      ADMIN_PASSWORD: 'nginx admin password',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      SHUTDOWN_DRAIN_MS: '500',
      RATE_LIMIT_SENDS_PER_CONVERSATION_PER_MINUTE: '100000',
      RATE_LIMIT_USER_PER_MINUTE: '100000',
      RATE_LIMIT_SESSION_PER_MINUTE: '100000',
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
      RATE_LIMIT_LOGIN_PER_IP: '100000',
    };
    // R-OPS-17: both at the same moment on the empty database, as a process manager starts them.
    startOutcomes = await Promise.allSettled([startInstance(0), startInstance(1)]);
    startOutcomes.forEach((outcome, i) => {
      if (outcome.status === 'fulfilled') instances[i] = outcome.value;
    });
    if (!instances[0] || !instances[1]) return;

    residents = await residentAccounts(SENDERS + 2);
    admin = await new Client(nginx.url, tls).signIn('admin@nginx.test', 'nginx admin password');
    const created = await admin.call('POST', '/api/conversations', { type: 'channel', name: 'lobby' });
    if (created.status !== 201) throw new Error(`channel ${created.status}: ${created.body}`);
    channelId = created.json<{ conversation: { id: string } }>().conversation.id;
  }, TIMEOUT_MS);

  afterAll(async () => {
    for (const socket of opened) socket.close();
    await Promise.all(instances.flatMap((instance) => (instance ? [instance.stop()] : [])));
    await nginx?.stop();
    tls?.destroy();
    plain?.destroy();
    if (databaseName) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    if (workDir) await rm(workDir, { recursive: true, force: true });
  }, 60_000);

  it('R-OPS-17: two instances started at the same moment on an empty database both come up, migrated once', async () => {
    const failures = startOutcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [String(outcome.reason)] : [],
    );
    expect(failures).toEqual([]);
    const [migrations] = await query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    const [admins] = await query<{ n: number }>(`select count(*)::int as n from users where role = 'admin'`);
    expect(migrations?.n).toBeGreaterThan(0);
    expect(admins?.n).toBe(1);
  });

  it('R-OPS-18: every instance serves the one VAPID key; an instance without it refuses to start; no SMTP_URL warns', async () => {
    const keys = await Promise.all(
      instances.map(async (instance) => {
        const response = await fetch(`${instance!.url}/api/push/vapid-public-key`);
        return ((await response.json()) as { publicKey: string }).publicKey;
      }),
    );
    expect(keys).toEqual([env.VAPID_PUBLIC_KEY, env.VAPID_PUBLIC_KEY]);
    const viaNginx = await new Client(nginx!.url, tls).call('GET', '/api/push/vapid-public-key');
    expect(viaNginx.json<{ publicKey: string }>().publicKey).toBe(env.VAPID_PUBLIC_KEY);

    const { VAPID_PUBLIC_KEY: _public, VAPID_PRIVATE_KEY: _private, ...withoutKeys } = env;
    await expect(spawnServer('nginx-no-keys', withoutKeys)).rejects.toThrow(
      /missing: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY/,
    );
    for (const instance of instances) expect(instance!.output()).toMatch(/server mode without SMTP_URL/);
  });

  it('R-DELIVERY-6: a message sent through either instance or through nginx reaches sockets on both, over WebSocket and long-polling', async () => {
    const [listener, sender] = await Promise.all(
      residents
        .slice(SENDERS, SENDERS + 2)
        .map((email) => new Client(nginx!.url, tls).signIn(email, PASSWORD)),
    );
    const onA = openSocket(instances[0]!.url, listener!, ['websocket']);
    const onB = openSocket(instances[1]!.url, listener!, ['websocket']);
    const polling = openSocket(nginx!.url, listener!, ['polling']);
    const websocket = openSocket(nginx!.url, listener!, ['websocket']);
    const sockets = [onA, onB, polling, websocket];
    const inboxes = sockets.map(received);
    await Promise.all(sockets.map(watching));

    const ids = ['via-a', 'via-b', 'via-nginx'].map((id) => `${id}-${randomBytes(3).toString('hex')}`);
    const routes = [sender!.via(instances[0]!.url, plain), sender!.via(instances[1]!.url, plain), sender!];
    for (const [i, route] of routes.entries()) {
      const sent = await route.call('POST', `/api/conversations/${channelId}/messages`, {
        content: `hello ${ids[i]}`,
        clientMessageId: ids[i],
      });
      expect(sent.status, sent.body).toBe(201);
    }
    await until(() => inboxes.every((inbox) => ids.every((id) => inbox.includes(id))), 10_000).catch(
      () => {},
    );
    expect(inboxes.map((inbox) => ids.filter((id) => inbox.includes(id)))).toEqual(sockets.map(() => ids));
    // The long-polling client stayed on one instance for its whole transport session.
    expect(polling.io.engine.transport.name).toBe('polling');
    for (const socket of sockets) socket.close();
  });

  it('R-OPS-19: long-polling clients of one address are spread over the instances by session, not piled on one', async () => {
    // Sockets other tests closed may still be counted a moment: start from none.
    let before = [NaN, NaN];
    for (let i = 0; i < 100 && before.some((n) => n !== 0); i += 1) {
      before = await Promise.all(instances.map((instance) => openSockets(instance!.url)));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(before).toEqual([0, 0]);
    const email = residents[SENDERS]!;
    // One resident on twelve devices, all from 127.0.0.1: twelve sessions, as twelve neighbours.
    const devices = [];
    for (let i = 0; i < 12; i += 1) devices.push(await new Client(nginx!.url, tls).signIn(email, PASSWORD));
    const sockets = devices.map((device) => openSocket(nginx!.url, device, ['polling']));
    await Promise.all(sockets.map(watching));
    // On a loaded machine a polling client may give up on a slow handshake and start again; the
    // session it left is counted until its ping timeout ends it. Wait for the count to settle.
    let added = [NaN, NaN];
    const total = () => added.reduce((sum, n) => sum + n, 0);
    for (const started = Date.now(); Date.now() - started < 60_000;) {
      added = await Promise.all(instances.map((instance) => openSockets(instance!.url)));
      if (total() === 12) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(total(), `sockets per instance: ${added.join(', ')}`).toBe(12);
    expect(Math.min(...added), `sockets added per instance: ${added.join(', ')}`).toBeGreaterThan(0);
    for (const socket of sockets) socket.close();
  });

  it(
    'R-OPS-19: a rolling restart under steady sends fails no request and loses or doubles no acknowledged message',
    async () => {
      const senders = await Promise.all(
        residents.slice(0, SENDERS).map((email) => new Client(nginx!.url, tls).signIn(email, PASSWORD)),
      );
      const watcher = openSocket(nginx!.url, senders[0]!, ['websocket']);
      const live = received(watcher);
      await watching(watcher);
      // As the web app does (realtime/socket.ts): after the server closed it, connect again; after
      // any reconnect, watch the channel again.
      let rejoins = 0;
      watcher.on('disconnect', (reason) => {
        if (reason === 'io server disconnect') watcher.connect();
      });
      watcher.on('connect', () => {
        rejoins += 1;
        void watching(watcher);
      });
      const connectErrors: string[] = [];
      watcher.on('connect_error', (error) => connectErrors.push(error.message));

      const acked: string[] = [];
      const failed: string[] = [];
      let reads = 0;
      let stop = false;
      const prefix = randomBytes(3).toString('hex');
      const sending = senders.map(async (sender, s) => {
        for (let i = 0; !stop; i += 1) {
          const clientMessageId = `${prefix}-s${s}-${i}`;
          try {
            const answer = await sender.call('POST', `/api/conversations/${channelId}/messages`, {
              content: `steady ${clientMessageId}`,
              clientMessageId,
            });
            if (answer.status === 201 || answer.status === 200) acked.push(clientMessageId);
            else failed.push(`send ${answer.status} ${answer.body.slice(0, 120)}`);
          } catch (error) {
            failed.push(`send ${String(error)}`);
          }
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      });
      // Idempotent calls beside the sends: a reader paging the channel.
      const reading = (async () => {
        while (!stop) {
          try {
            const answer = await senders[1]!.call('GET', `/api/conversations/${channelId}/messages?limit=5`);
            if (answer.status === 200) reads += 1;
            else failed.push(`read ${answer.status} ${answer.body.slice(0, 120)}`);
          } catch (error) {
            failed.push(`read ${String(error)}`);
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();

      const waitForAcks = async (n: number) => {
        const target = acked.length + n;
        while (acked.length < target && failed.length === 0) await new Promise((r) => setTimeout(r, 20));
      };
      await waitForAcks(20);
      // The procedure of docs/operations.md: one instance at a time; SIGTERM, start it again, wait
      // for its /readyz, then nginx's fail_timeout, so nginx uses it again before the next one stops.
      for (const index of [0, 1] as const) {
        const stopping = instances[index]!;
        const stopped = new Promise<number | null>((resolve) =>
          stopping.child.once('exit', (code) => resolve(code)),
        );
        stopping.child.kill('SIGTERM');
        expect(await stopped, stopping.output()).toBe(0);
        await stopping.stop(); // removes its data folder
        await waitForAcks(5); // the other instance alone takes the load
        const restarted = await startInstance(index);
        instances[index] = restarted;
        expect((await fetch(`${restarted.url}/readyz`)).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, NGINX_FAIL_TIMEOUT_MS + 500));
        await waitForAcks(5);
      }
      stop = true;
      await Promise.all([...sending, reading]);

      // After both restarts the watcher is back (through nginx) and hears new messages.
      const last = `${prefix}-after`;
      // A loaded machine may take a while to run the reconnect's backoff and handshake.
      await until(() => watcher.connected, 30_000).catch(() => {});
      expect(watcher.connected, `watcher connect errors: ${connectErrors.join('; ')}`).toBe(true);
      await watching(watcher);
      expect(
        (
          await senders[2]!.call('POST', `/api/conversations/${channelId}/messages`, {
            content: 'after the restarts',
            clientMessageId: last,
          })
        ).status,
      ).toBe(201);
      await until(() => live.includes(last), 10_000).catch(() => {});

      const log = await nginx!.log();
      const retried = log.split('\n').filter((line) => /upstream=\S+, /.test(line)).length;
      expect(failed, `${acked.length} acknowledged, ${reads} reads; nginx:\n${log.slice(-3000)}`).toEqual([]);
      expect(acked.length).toBeGreaterThan(30);
      expect(reads).toBeGreaterThan(10);
      expect(live).toContain(last);
      expect(rejoins).toBeGreaterThan(0);
      watcher.close();

      const stored = await query<{ id: string; n: number }>(
        `select client_message_id as id, count(*)::int as n from messages
         where conversation_id = $1 and client_message_id like $2 group by client_message_id`,
        [channelId, `${prefix}-s%`],
      );
      const count = new Map(stored.map((row) => [row.id, row.n]));
      expect(
        acked.filter((id) => count.get(id) !== 1),
        `lost or doubled; nginx retried ${retried} calls`,
      ).toEqual([]);
      expect(stored.filter((row) => row.n !== 1)).toEqual([]);
      console.log(
        `rolling restart: ${acked.length} sends acknowledged, ${reads} reads, 0 failed; nginx passed ${retried} calls on to the next instance`,
      );
    },
    TIMEOUT_MS,
  );
});
