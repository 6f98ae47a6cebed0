/**
 * `npm run bench:chat`: fan-out of chat messages through the real server process.
 *
 * Open loop: senders post on a fixed schedule (message i at t0 + i/rate) through the real HTTP
 * send path (multipart POST /api/conversations/{id}/messages), whether or not the server keeps up.
 * N socket.io clients sit in one channel and record, for every message:new, the time from the
 * scheduled send to its arrival. Reports delivered messages/s, p50/p99 latency, deliveries still
 * missing after a drain period, and the server's RSS and CPU. Above capacity (e.g. BENCH_RATES=1000)
 * it also tells the failed sends apart: refused as busy (503/429 with Retry-After, R-LIMIT-13, and
 * how fast: p50, p99 and the slowest), failed connections (no answer at all, by error code, beside the machine's listen-queue
 * overflows in the run), and the deliveries of acknowledged sends that never arrived; and how late
 * this process itself put sends on the wire (on a loaded machine every latency includes that);
 * and the sends taken per second from the first due time to the last answer, so a server that takes
 * every send but answers it a minute late is not read as one that takes more.
 * Figures, not a pass/fail test. SEND_QUEUE_MAX_LAG_MS, SEND_QUEUE_LIMIT, LISTEN_BACKLOG and LISTEN_ACCEPT_HANDLES reach
 * the server from the environment (else the server's defaults), to compare rules in one sitting.
 * BENCH_CLIENT=open|devices chooses how the senders behave as clients (bench/chat-clients.ts): open
 * (the default) opens a connection for every send still unanswered and never retries; devices is
 * one browser-like device per sender (BENCH_DEVICE_CONNECTIONS=6 kept-alive connections, Retry-After
 * waited out as the web outbox does).
 *
 * Targets (BENCH_DB, a comma-separated list run in its order; both = pg,pglite, the default): pg and
 * pglite, the server on each database; reference, a bare Socket.IO server inserting each message in
 * PostgreSQL (bench/reference-server.ts says what it leaves out), for the goal set relative to it.
 * Each run also prints the CPU per 1,000 deliveries (message × member) of the server and, on
 * PostgreSQL, of the scratch database's backends (bench/chat-database-cpu.ts says what is counted),
 * and the server's peak RSS; the sitting ends with a summary table and each target's ratio of server
 * + database CPU to the reference's.
 *
 * Env: BENCH_DB=pg,pglite,reference (both), BENCH_MEMBERS=50,200, BENCH_RATES=50,200,500,
 * BENCH_SECONDS=8 per run, BENCH_DRAIN_SECONDS=5, BENCH_SENDERS=10, BENCH_WARMUP_SECONDS=3 (one
 * unreported-as-result run at 200 msg/s into the most members after the server starts; 0 skips it),
 * BENCH_SEND_AS=json|multipart (json: what the web client sends for text), BENCH_TIMELINE=n (p50/p99
 * per n consecutive messages), BENCH_CPU_PROFILE_DIR (a CPU profile of the server),
 * BENCH_SERVER_NODE_ARGS (flags for the server).
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { MembersResult } from './chat-members.ts';
import { peakRssMb, percentile, resetPeakRss, rssMb, serverNodeArgs } from './support/stats.ts';
import { AnswerError, postJson, postTextForm } from './support/http.ts';
import {
  LISTEN_ACCEPT_HANDLES_DEFAULT,
  LISTEN_BACKLOG_DEFAULT,
  OUTBOX_BUSY_RETRIES,
  SEND_QUEUE_LIMIT_DEFAULT,
  SEND_QUEUE_MAX_LAG_MS_DEFAULT,
} from '@stoop/shared';
import { CLIENT, describeClient, deviceAgents, noAttempts, sendAsClient } from './chat-clients.ts';

const now = () => performance.timeOrigin + performance.now();
import { BENCH_LIMITS, cpuSeconds, listenOverflows } from './chat-support.ts';
import type { BenchClient } from './chat-reference.ts';
import { startTarget, targetsOf, type Target, type TargetKind } from './chat-targets.ts';
import { describeCosts, summary, type Costs, type SummaryRow } from './chat-costs.ts';

const list = (value: string | undefined, fallback: number[]) =>
  value
    ? value
        .split(',')
        .map(Number)
        .filter((n) => n > 0)
    : fallback;
const MEMBERS = list(process.env.BENCH_MEMBERS, [50, 200]);
const RATES = list(process.env.BENCH_RATES, [50, 200, 500]);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 5);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const TIMELINE = Number(process.env.BENCH_TIMELINE ?? 0);
// The web client sends a message without a file as JSON and one with a file as multipart.
const sendAs = process.env.BENCH_SEND_AS === 'multipart' ? postTextForm : postJson;
/**
 * The send admission as a server runs it (R-LIMIT-13, R-LIMIT-15), or as the environment says:
 * startStoop otherwise loosens the lag bound for the end-to-end flows.
 */
const ADMISSION: Record<string, string> = {
  SEND_QUEUE_MAX_LAG_MS: process.env.SEND_QUEUE_MAX_LAG_MS ?? String(SEND_QUEUE_MAX_LAG_MS_DEFAULT),
  SEND_QUEUE_LIMIT: process.env.SEND_QUEUE_LIMIT ?? String(SEND_QUEUE_LIMIT_DEFAULT),
  LISTEN_BACKLOG: process.env.LISTEN_BACKLOG ?? String(LISTEN_BACKLOG_DEFAULT),
  LISTEN_ACCEPT_HANDLES: process.env.LISTEN_ACCEPT_HANDLES ?? String(LISTEN_ACCEPT_HANDLES_DEFAULT),
};
const TARGETS = targetsOf(process.env.BENCH_DB);

/**
 * The member sockets live in one child process (bench/chat-members.ts) for the whole bench of a
 * database, so its socket code is as warmed up as the server's; each run connects its members.
 */
function forkMembers(): ChildProcess {
  return fork(fileURLToPath(new URL('./chat-members.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
  });
}

/** Connects one socket per session and waits until all are connected. */
async function connectMembers(
  child: ChildProcess,
  url: string,
  sessions: BenchClient[],
  total: number,
  prefix: string,
  query: Record<string, string> | undefined,
): Promise<void> {
  const exited = (code: number | null) => {
    throw new Error(`member process exited with ${code}`);
  };
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`member process exited with ${code}`)));
    child.send({
      type: 'connect',
      url,
      cookies: sessions.map((s) => s.cookieHeader()),
      total,
      prefix,
      query,
    });
  });
  child.removeAllListeners('exit');
  child.once('exit', exited);
}

function collectMembers(
  child: ChildProcess,
  scheduled: number[],
  acknowledged: number[],
): Promise<MembersResult> {
  return new Promise((resolve) => {
    child.once('message', (result: MembersResult) => resolve(result));
    child.send({ type: 'collect', scheduled, acknowledged });
  });
}

type RunResult = {
  sent: number;
  failed: number;
  /** Sends given up on a 503/429 with Retry-After: the server was over capacity (R-LIMIT-13). */
  busy: number;
  /** Such answers, each attempt counted (the open client makes one attempt a send). */
  busyAnswers: number;
  /** Attempts with no answer at all: the connection failed or was dropped. */
  connectionFailures: number;
  /** The failed connections by error code (ECONNRESET, …). */
  connectionErrors: Map<string, number>;
  /** Deliveries of acknowledged (2xx) sends missing after the drain. */
  missingAcknowledged: number;
  /** Slowest 503/429 answer, ms after its attempt began (a first attempt: its scheduled time). */
  busyAnswerMax: number;
  /** Median and 99th percentile of those answers' times, ms. */
  busyAnswerP50: number;
  busyAnswerP99: number;
  /** Seconds from the first scheduled send to the last answer: acknowledgements that come late count. */
  sendWindow: number;
  deliveredPerSecond: number;
  p50: number;
  p99: number;
  missing: number;
  duplicates: number;
  sendP99: number;
  /** p99 of how late this process put a send on the wire after its scheduled time (its own lag). */
  driverLateP99: number;
  /** Connections the kernel dropped from full listen queues during the run (machine-wide). */
  listenOverflows: number;
  rss: string;
  /** VmHWM: the most the process held in the run (since it started where that cannot be reset). */
  peakRss: number;
  peakSinceStart: boolean;
  cpuPercent: number;
  costs: Costs;
  driverCpuPercent: number;
  timeline: string | undefined;
};

async function run(
  membersProcess: ChildProcess,
  target: Target,
  members: number,
  rate: number,
  tag: string,
  seconds = SECONDS,
): Promise<RunResult> {
  const { url, pid } = target;
  const conversationId = await target.newConversation(`bench ${tag} ${members}x${rate} ${Date.now()}`);
  const total = Math.round(rate * seconds);
  // Unique per run: a repeated clientMessageId would be answered as a repeat and delivered to nobody.
  const prefix = `${tag}-${members}-${rate}-${Date.now()}-`;
  const clients = target.clients.slice(0, members);
  await connectMembers(membersProcess, url, clients, total, prefix, target.socketQuery(conversationId));
  // Let the joins and the presence burst settle before the clock starts.
  await new Promise((r) => setTimeout(r, 1000));
  const senders = clients.slice(0, SENDERS);
  const tokens = await Promise.all(senders.map((s) => s.csrfToken()));
  // Wall-clock schedule (ms since the epoch, sub-millisecond), comparable with the member process's clock.
  const scheduled: number[] = new Array<number>(total);
  const sendLatencies: number[] = [];
  let failed = 0;
  let busy = 0;
  const attempts = noAttempts();
  const acknowledged: number[] = [];
  const driverLate: number[] = [];
  const agents = deviceAgents(senders.length);
  const overflowsBefore = listenOverflows();
  const cpuBefore = cpuSeconds(pid);
  const driverBefore = cpuSeconds(process.pid) + cpuSeconds(membersProcess.pid ?? 0);
  await target.databaseCpu?.start();
  const peakSinceStart = !resetPeakRss(pid);
  const t0 = now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const at = t0 + (i * 1000) / rate;
    const wait = at - now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    scheduled[i] = at;
    // On a loaded machine this process can fall behind its own schedule: every latency below
    // includes that, so it is reported apart.
    driverLate.push(now() - at);
    const sender = senders[i % senders.length] as BenchClient;
    // Not awaited: the schedule does not slow down when the server does.
    inFlight.push(
      sendAsClient(
        sendAs,
        `${url}/api/conversations/${conversationId}/messages`,
        { cookie: sender.cookieHeader(), 'x-csrf-token': tokens[i % senders.length] as string },
        {
          content: `Bench message ${i}: is anyone else hearing the fire alarm test?`,
          clientMessageId: `${prefix}${i}`,
        },
        agents[i % senders.length],
        at,
        attempts,
      )
        .then(() => {
          sendLatencies.push(now() - at);
          acknowledged.push(i);
        })
        .catch((error: unknown) => {
          failed += 1;
          const refused = error instanceof AnswerError && (error.status === 503 || error.status === 429);
          if (refused && error.retryAfter !== undefined) busy += 1;
        }),
    );
  }
  await Promise.all(inFlight);
  for (const agent of agents) agent?.destroy();
  const sendWindow = (now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, DRAIN_SECONDS * 1000));
  const cpuAfter = cpuSeconds(pid);
  const database = await target.databaseCpu?.stop();
  const driverAfter = cpuSeconds(process.pid) + cpuSeconds(membersProcess.pid ?? 0);
  const rss = rssMb(pid);
  const peakRss = peakRssMb(pid);

  const result = await collectMembers(membersProcess, scheduled, acknowledged);
  sendLatencies.sort((a, b) => a - b);
  driverLate.sort((a, b) => a - b);
  const expected = (total - failed) * members;
  const elapsed = Math.max(sendWindow, (result.lastArrival - t0) / 1000);
  return {
    sent: total - failed,
    failed,
    busy,
    busyAnswers: attempts.busyAnswers,
    connectionFailures: [...attempts.connectionErrors.values()].reduce((a, b) => a + b, 0),
    connectionErrors: attempts.connectionErrors,
    missingAcknowledged: result.missingAcknowledged,
    busyAnswerMax: attempts.busyAnswerMax,
    busyAnswerP50: percentile(
      attempts.busyAnswerTimes.sort((a, b) => a - b),
      50,
    ),
    busyAnswerP99: percentile(attempts.busyAnswerTimes, 99),
    sendWindow,
    deliveredPerSecond: result.delivered / elapsed,
    p50: result.p50,
    p99: result.p99,
    missing: expected - result.delivered,
    duplicates: result.duplicates,
    sendP99: percentile(sendLatencies, 99),
    driverLateP99: percentile(driverLate, 99),
    listenOverflows: listenOverflows() - overflowsBefore,
    rss,
    peakRss,
    peakSinceStart,
    cpuPercent: ((cpuAfter - cpuBefore) / (sendWindow + DRAIN_SECONDS)) * 100,
    costs: { serverSeconds: cpuAfter - cpuBefore, database, delivered: result.delivered },
    driverCpuPercent: ((driverAfter - driverBefore) / (sendWindow + DRAIN_SECONDS)) * 100,
    timeline: result.timeline,
  };
}

const errorCodes = (codes: Map<string, number>) =>
  codes.size === 0 ? '' : ` (${[...codes].map(([code, n]) => `${code} ${n}`).join(', ')})`;

/** The refusals: as before for the open client; for devices, what was waited out and what was given up. */
function refusals(r: RunResult): string {
  const within =
    r.busyAnswers > 0
      ? ` answered within ${r.busyAnswerMax.toFixed(0)} ms (p50 ${r.busyAnswerP50.toFixed(0)}, p99 ${r.busyAnswerP99.toFixed(0)})`
      : '';
  if (CLIENT === 'open') return `busy 503/429 ${r.busy}${within}`;
  return `busy 503/429 after ${OUTBOX_BUSY_RETRIES} waits ${r.busy}; busy answers ${r.busyAnswers}${within}, each waited out`;
}

const rows: SummaryRow[] = [];

async function benchTarget(kind: TargetKind): Promise<void> {
  const target = await startTarget(
    kind,
    { ...BENCH_LIMITS, ...ADMISSION },
    serverNodeArgs(),
    Math.max(...MEMBERS),
  );
  const membersProcess = forkMembers();
  try {
    const report = (label: string, r: RunResult) => {
      console.log(
        `${kind.padEnd(6)} ${label}: ` +
          `sent ${r.sent} (taken ${(r.sent / r.sendWindow).toFixed(0)}/s over ${r.sendWindow.toFixed(1)} s to the last answer; failed ${r.failed}: ${refusals(r)}, failed connections ${r.connectionFailures}${errorCodes(r.connectionErrors)}; listen queue overflows ${r.listenOverflows}, machine-wide), ` +
          `missing deliveries of acknowledged sends ${r.missingAcknowledged}, delivered ${r.deliveredPerSecond.toFixed(0)} msg/s to sockets (message × member), ` +
          `latency p50 ${r.p50.toFixed(1)} ms p99 ${r.p99.toFixed(1)} ms, missing after ${DRAIN_SECONDS} s drain ${r.missing}, duplicates ${r.duplicates}, ` +
          `send p99 ${r.sendP99.toFixed(1)} ms (sent late by the driver p99 ${r.driverLateP99.toFixed(0)} ms), server RSS ${r.rss} MB (peak ${r.peakRss.toFixed(0)} MB${r.peakSinceStart ? ' since its start' : ' in the run'}), CPU ${r.cpuPercent.toFixed(0)}%, driver CPU ${r.driverCpuPercent.toFixed(0)}%, load ${loadavg()[0]?.toFixed(2) ?? '?'}`,
      );
      console.log(`       ${describeCosts(r.costs)}`);
      if (r.timeline) console.log(`       p50/p99 per ${TIMELINE} messages: ${r.timeline}`);
    };
    if (WARMUP_SECONDS > 0) {
      // A server (and member process) that has just started runs its send and socket code
      // unoptimised for its first few hundred messages; the figures below are for ones that have
      // been up a moment. The warm-up's own figures are printed too.
      const members = Math.max(...MEMBERS);
      const r = await run(membersProcess, target, members, 200, `${kind}-warmup`, WARMUP_SECONDS);
      report(`warm-up, not a result: N=${members} 200 msg/s for ${WARMUP_SECONDS} s`, r);
    }
    for (const members of MEMBERS) {
      for (const rate of RATES) {
        const r = await run(membersProcess, target, members, rate, kind);
        report(`N=${String(members).padStart(3)} ${String(rate).padStart(3)} msg/s`, r);
        rows.push({ kind, members, rate, ...r });
      }
    }
  } finally {
    membersProcess.removeAllListeners('exit');
    membersProcess.disconnect();
    await target.stop();
  }
}

console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}; ` +
    `${SECONDS} s per run, ${SENDERS} senders sending ${sendAs === postJson ? 'JSON' : 'multipart'}, member sockets in a child process, senders in this one; ` +
    `${describeClient(SENDERS)}; server ${Object.entries(ADMISSION)
      .map(([name, value]) => `${name}=${value}`)
      .join(' ')}`,
);
for (const kind of TARGETS) await benchTarget(kind);
console.log(
  `\nload ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}; summary:\n${summary(rows)}`,
);
