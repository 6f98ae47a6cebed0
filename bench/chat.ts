/**
 * `npm run bench:chat`: fan-out of chat messages through the real server process.
 *
 * Open loop: senders post on a fixed schedule (message i at t0 + i/rate) through the real HTTP
 * send path (multipart POST /api/conversations/{id}/messages), whether or not the server keeps up.
 * N socket.io clients sit in one channel and record, for every message:new, the time from the
 * scheduled send to its arrival. Reports delivered messages/s, p50/p99 latency, deliveries still
 * missing after a drain period, and the server's RSS and CPU. Figures, not a pass/fail test.
 *
 * Env: BENCH_DB=pg|pglite|both (both), BENCH_MEMBERS=50,200, BENCH_RATES=50,200,500,
 * BENCH_SECONDS=8 per run, BENCH_DRAIN_SECONDS=5, BENCH_SENDERS=10.
 */
import { cpus, totalmem } from 'node:os';
import { io as connect, type Socket } from 'socket.io-client';
import type { Message } from '@stoop/shared';
import { startStoop } from '../e2e/support/server.ts';
import { percentile, rssMb } from './support/stats.ts';
import { BENCH_LIMITS, BenchSession, adminSession, cpuSeconds, makeResidents, scratchDatabase } from './chat-support.ts';

const list = (value: string | undefined, fallback: number[]) =>
  value ? value.split(',').map(Number).filter((n) => n > 0) : fallback;
const MEMBERS = list(process.env.BENCH_MEMBERS, [50, 200]);
const RATES = list(process.env.BENCH_RATES, [50, 200, 500]);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 5);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 10);
const DATABASES = (process.env.BENCH_DB ?? 'both') === 'both' ? ['pg', 'pglite'] : [process.env.BENCH_DB ?? 'pg'];

type Member = { socket: Socket; received: Map<string, number> };

async function connectMembers(url: string, sessions: BenchSession[]): Promise<Member[]> {
  return Promise.all(
    sessions.map(
      (session) =>
        new Promise<Member>((resolve, reject) => {
          const socket = connect(url, {
            path: '/socket.io',
            transports: ['websocket'],
            reconnection: false,
            forceNew: true,
            extraHeaders: { cookie: session.cookieHeader() },
          });
          const member: Member = { socket, received: new Map() };
          socket.on('message:new', ({ message }: { message: Message }) => {
            if (message.clientMessageId) member.received.set(message.clientMessageId, performance.now());
          });
          socket.once('connect', () => resolve(member));
          socket.once('connect_error', reject);
        }),
    ),
  );
}

type RunResult = {
  sent: number;
  failed: number;
  deliveredPerSecond: number;
  p50: number;
  p99: number;
  missing: number;
  sendP99: number;
  rss: string;
  cpuPercent: number;
};

async function run(url: string, pid: number, admin: BenchSession, residents: BenchSession[], members: number, rate: number, tag: string): Promise<RunResult> {
  const channel = await admin.request<{ conversation: { id: string } }>('POST', '/api/conversations', {
    type: 'channel',
    name: `bench ${tag} ${members}x${rate} ${Date.now()}`,
  });
  const conversationId = channel.conversation.id;
  const sockets = await connectMembers(url, residents.slice(0, members));
  // Let the joins and the presence burst settle before the clock starts.
  await new Promise((r) => setTimeout(r, 1000));
  const senders = residents.slice(0, Math.min(SENDERS, members));
  const total = Math.round(rate * SECONDS);
  const scheduled = new Map<string, number>();
  const sendLatencies: number[] = [];
  let failed = 0;
  const cpuBefore = cpuSeconds(pid);
  const t0 = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const at = t0 + (i * 1000) / rate;
    const wait = at - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const id = `${tag}-${members}-${rate}-${i}`;
    scheduled.set(id, at);
    const form = new FormData();
    form.set('content', `Bench message ${i}: is anyone else hearing the fire alarm test?`);
    form.set('clientMessageId', id);
    const sender = senders[i % senders.length] as BenchSession;
    // Not awaited: the schedule does not slow down when the server does.
    inFlight.push(
      sender
        .request('POST', `/api/conversations/${conversationId}/messages`, form)
        .then(() => void sendLatencies.push(performance.now() - at))
        .catch(() => void (failed += 1)),
    );
  }
  await Promise.all(inFlight);
  const sendWindow = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, DRAIN_SECONDS * 1000));
  const cpuAfter = cpuSeconds(pid);
  const rss = rssMb(pid);

  const latencies: number[] = [];
  let delivered = 0;
  let lastArrival = t0;
  for (const member of sockets) {
    for (const [id, arrivedAt] of member.received) {
      const sentAt = scheduled.get(id);
      if (sentAt === undefined) continue;
      delivered += 1;
      latencies.push(arrivedAt - sentAt);
      if (arrivedAt > lastArrival) lastArrival = arrivedAt;
    }
    member.socket.disconnect();
  }
  latencies.sort((a, b) => a - b);
  sendLatencies.sort((a, b) => a - b);
  const expected = (total - failed) * members;
  const elapsed = Math.max(sendWindow, (lastArrival - t0) / 1000);
  return {
    sent: total - failed,
    failed,
    deliveredPerSecond: delivered / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    missing: expected - delivered,
    sendP99: percentile(sendLatencies, 99),
    rss,
    cpuPercent: ((cpuAfter - cpuBefore) / (sendWindow + DRAIN_SECONDS)) * 100,
  };
}

async function benchDatabase(kind: string): Promise<void> {
  const database = kind === 'pg' ? await scratchDatabase() : undefined;
  const stoop = await startStoop({ env: { ...BENCH_LIMITS, ...(database ? { DATABASE_URL: database.url } : {}) } });
  try {
    const admin = await adminSession(stoop.url);
    const residents = await makeResidents(stoop.url, admin, Math.max(...MEMBERS));
    for (const members of MEMBERS) {
      for (const rate of RATES) {
        const r = await run(stoop.url, stoop.pid, admin, residents, members, rate, kind);
        console.log(
          `${kind.padEnd(6)} N=${String(members).padStart(3)} ${String(rate).padStart(3)} msg/s: ` +
            `sent ${r.sent} (failed ${r.failed}), delivered ${r.deliveredPerSecond.toFixed(0)} msg/s to sockets (message × member), ` +
            `latency p50 ${r.p50.toFixed(1)} ms p99 ${r.p99.toFixed(1)} ms, missing after ${DRAIN_SECONDS} s drain ${r.missing}, ` +
            `send p99 ${r.sendP99.toFixed(1)} ms, server RSS ${r.rss} MB, CPU ${r.cpuPercent.toFixed(0)}%`,
        );
      }
    }
  } finally {
    await stoop.stop();
    await database?.drop();
  }
}

console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}; ` +
    `${SECONDS} s per run, ${SENDERS} senders, bench clients in one process beside the server`,
);
for (const kind of DATABASES) await benchDatabase(kind);
