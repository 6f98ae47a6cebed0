import { randomBytes } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF_HEADER,
  syncResultSchema,
  type ClientToServerEvents,
  type Message,
  type ServerToClientEvents,
} from '@stoop/shared';
import { makeChannel, sendText } from '../conversations/testing.ts';
import { usingPostgres } from '../test/database.ts';
import { createTestApp, makeUser, sessionFor, type AuthHeaders, type TestApp } from '../test/helpers.ts';
import {
  buildCompiledServer,
  loadBalancer,
  sharedSecretsEnv,
  spawnServer,
  type LoadBalancer,
  type ServerProcess,
} from '../test/processes.ts';
import { testRedisUrl } from '../test/redis.ts';
import { until } from './testing.ts';

/**
 * R-DELIVERY-6: two real server processes (the compiled server, as `npm start` runs it) on one
 * PostgreSQL database and one Redis, behind a load balancer. A resident's socket on A gets what is
 * sent through B; then A dies (kill -9) while B keeps taking sends, the socket reconnects through
 * the load balancer to B and catches up with GET /api/sync, and every acknowledged message is
 * held exactly once. Runs in the server-pg project with TEST_DATABASE_URL and TEST_REDIS_URL.
 */
const redisUrl = testRedisUrl('two-instance test (two server processes, kill -9)');
const SENDS = 40;
const KILL_AFTER = 12;

type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A resident's client as the web app runs it (packages/web/src/realtime/socket.ts): live events,
 * and after every reconnect a catch-up through GET /api/sync from the highest seq it holds. Live
 * events that arrive during the catch-up wait for it; those the catch-up already brought are old.
 */
class ResidentClient {
  readonly socket: ChatSocket;
  /** How many times each message changed the client's state. */
  readonly applied = new Map<string, number>();
  /** Copies of a version already held (a live event after the catch-up that brought it). */
  repeatsIgnored = 0;
  private readonly heldSeqs = new Map<string, number>();
  /** Every message:new delivery, in arrival order (ids). */
  readonly live: string[] = [];
  /** Every message the catch-ups returned (ids). */
  readonly synced: string[] = [];
  /** Ids held when the connection dropped, and the ids the first catch-up returned. */
  heldAtDrop: string[] = [];
  firstCatchUp: string[] = [];
  reconnects = 0;
  catchingUp = false;
  private seq: number;
  private buffered: Message[] = [];

  constructor(
    private readonly url: string,
    private readonly cookie: string,
    startSeq: number,
  ) {
    this.seq = startSeq;
    this.socket = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 100,
      reconnectionDelayMax: 300,
      extraHeaders: { cookie },
    });
    this.socket.on('message:new', ({ message }) => {
      this.live.push(message.id);
      if (this.catchingUp) this.buffered.push(message);
      else this.apply(message);
    });
    this.socket.on('disconnect', () => {
      if (this.heldAtDrop.length === 0) this.heldAtDrop = [...this.applied.keys()];
    });
    let connectedBefore = false;
    this.socket.on('connect', () => {
      if (!connectedBefore) {
        connectedBefore = true;
        return;
      }
      this.reconnects += 1;
      this.catchingUp = true;
      void this.catchUp();
    });
  }

  /** Resolves once connected and the server has joined the socket to its rooms. */
  async ready(): Promise<void> {
    if (!this.socket.connected)
      await new Promise<void>((resolve, reject) => {
        this.socket.once('connect', () => resolve());
        this.socket.once('connect_error', reject);
      });
    await this.roundTrip();
  }

  close(): void {
    this.socket.disconnect();
  }

  /**
   * As the web app's message cache does (upsertMessages): a copy of a version already held changes
   * nothing. A live copy can follow the catch-up that brought it: the server delays a socket's frame
   * by up to its write-batching window, while the sync's HTTP answer leaves at once.
   */
  private apply(message: Message): void {
    const heldSeq = this.heldSeqs.get(message.id);
    if (heldSeq !== undefined && heldSeq >= message.seq) {
      this.repeatsIgnored += 1;
      return;
    }
    this.heldSeqs.set(message.id, message.seq);
    this.applied.set(message.id, (this.applied.get(message.id) ?? 0) + 1);
    this.seq = Math.max(this.seq, message.seq);
  }

  /** The server handles a socket's events after joining its rooms: an acked event proves the join. */
  private roundTrip(): Promise<void> {
    return new Promise((resolve) =>
      this.socket.emit('conversation:leave', { conversationId: 'none' }, () => resolve()),
    );
  }

  private async catchUp(): Promise<void> {
    await this.roundTrip();
    let after = this.seq;
    const returned: string[] = [];
    for (;;) {
      const response = await fetch(`${this.url}/api/sync?after=${after}`, {
        headers: { cookie: this.cookie },
      });
      if (response.status !== 200) throw new Error(`sync answered ${response.status}`);
      const page = syncResultSchema.parse(await response.json());
      for (const message of page.changes) {
        this.synced.push(message.id);
        returned.push(message.id);
        this.apply(message);
      }
      if (!page.hasMore || page.next <= after) break;
      after = page.next;
    }
    if (this.reconnects === 1) this.firstCatchUp = returned;
    const waiting = this.buffered;
    this.buffered = [];
    for (const message of waiting) if (message.seq > this.seq) this.apply(message);
    this.catchingUp = false;
  }
}

const counts = (ids: string[]) => {
  const map = new Map<string, number>();
  for (const id of ids) map.set(id, (map.get(id) ?? 0) + 1);
  return map;
};

describe.skipIf(!redisUrl || !usingPostgres())('R-DELIVERY-6: two server processes, one killed', () => {
  let helper: TestApp;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let lb: LoadBalancer | undefined;
  let client: ResidentClient | undefined;

  beforeAll(async () => {
    await buildCompiledServer();
    // Writes the fixtures (residents, sessions, a channel) straight into the fresh database.
    helper = await createTestApp();
    if (helper.database.kind !== 'pg') throw new Error('the two-instance test needs PostgreSQL');
    const databaseUrl = helper.database.client.options.connectionString;
    if (!databaseUrl) throw new Error('no connection string for the test database');
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `stoop-test-${randomBytes(4).toString('hex')}:`,
      ...sharedSecretsEnv(),
      ADMIN_EMAIL: 'admin@two-instances.test',
      ADMIN_PASSWORD: 'two-instances-admin-password',
      RATE_LIMIT_SENDS_PER_CONVERSATION_PER_MINUTE: '100000',
      RATE_LIMIT_USER_PER_MINUTE: '100000',
      RATE_LIMIT_SESSION_PER_MINUTE: '100000',
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
    };
    a = await spawnServer('a', env);
    b = await spawnServer('b', env);
    lb = await loadBalancer([a.port, b.port]);
  }, 120_000);

  afterAll(async () => {
    client?.close();
    await lb?.close();
    await a?.stop();
    await b?.stop();
    await helper?.close();
  });

  it('a socket on A gets sends made through B; after kill -9 of A it catches up on B, each message once', async () => {
    const readerRow = await makeUser(helper.app);
    const reader = await sessionFor(helper.app, readerRow);
    const sender = await sessionFor(helper.app, await makeUser(helper.app));
    const channel = await makeChannel(helper.app, sender);
    const joined = await sendText(helper.app, reader, channel.id, 'joining'); // posting joins the channel

    const sendThroughB = async (content: string): Promise<Message> => {
      const form = new FormData();
      form.set('content', content);
      form.set('clientMessageId', randomBytes(8).toString('hex'));
      const headers: AuthHeaders = sender;
      const response = await fetch(`${b!.url}/api/conversations/${channel.id}/messages`, {
        method: 'POST',
        headers: { cookie: headers.cookie, [CSRF_HEADER]: headers[CSRF_HEADER] },
        body: form,
      });
      expect(response.status, await response.clone().text()).toBe(201);
      return ((await response.json()) as { message: Message }).message;
    };

    // The load balancer sends the first connection to A (it is up).
    client = new ResidentClient(lb!.url, reader.cookie, joined.seq);
    await client.ready();
    const acked: Message[] = [];
    const first = await sendThroughB('sent through B, read on A');
    acked.push(first);
    const resident = client;
    await until(() => resident.live.includes(first.id), 5000);

    for (let i = 0; i < SENDS; i++) {
      if (i === KILL_AFTER) a!.child.kill('SIGKILL');
      acked.push(await sendThroughB(`message ${i}`));
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(a!.child.signalCode ?? (await new Promise((r) => a!.child.once('exit', (_c, s) => r(s))))).toBe(
      'SIGKILL',
    );

    const ackedIds = acked.map((m) => m.id);
    await until(
      () =>
        resident.reconnects >= 1 && !resident.catchingUp && ackedIds.every((id) => resident.applied.has(id)),
      20_000,
    );
    await new Promise((r) => setTimeout(r, 300)); // late duplicates would arrive now

    // Nothing lost: every acknowledged message is held; nothing extra, nothing applied twice.
    expect([...resident.applied.keys()].sort()).toEqual([...ackedIds].sort());
    for (const id of ackedIds) expect(resident.applied.get(id), `message ${id}`).toBe(1);
    // No instance delivered a message twice, and no catch-up returned one twice.
    expect([...counts(resident.live).values()].every((n) => n === 1)).toBe(true);
    expect([...counts(resident.synced).values()].every((n) => n === 1)).toBe(true);
    // The catch-up started where the live feed stopped: nothing held at the drop came back.
    expect(resident.heldAtDrop.length).toBeGreaterThan(0);
    expect(resident.firstCatchUp.filter((id) => resident.heldAtDrop.includes(id))).toEqual([]);
    // Sends made while the socket was away came through the catch-up, and B kept serving.
    expect(resident.firstCatchUp.length).toBeGreaterThan(0);
    console.log(
      `two instances: ${acked.length} acked, ${resident.live.length} live, ${resident.synced.length} through sync, ${resident.heldAtDrop.length} held at the drop, ${resident.repeatsIgnored} live copies of synced ones`,
    );
    expect((await fetch(`${b!.url}/healthz`)).status).toBe(200);
  }, 90_000);
});
