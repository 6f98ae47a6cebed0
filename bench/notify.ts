/**
 * `npm run bench:notify` (R-REACH-10): one urgent announcement to BENCH_RESIDENTS (500) residents, none with the
 * app open, half with a web push device. The server runs as `npm start` runs it, with the urgent
 * mail delay lowered to 0; mail goes to a real SMTP server (smtp-server) and push to a local TLS
 * push service, both in this process. Measures the time from the POST until every resident has
 * been sent a push or a mail (goal: under 60 s), and the server's extra memory and CPU meanwhile.
 * Prints figures; asserts nothing.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { ApiSession } from '../e2e/support/api.ts';
import { ADMIN, startStoop } from './support/stoop.ts';
import { makeSubscriptionKeys, startPushService } from '../packages/server/src/push/testing.ts';
import { percentile, serverNodeArgs } from './support/stats.ts';

const RESIDENTS = Number(process.env.BENCH_RESIDENTS ?? 500);
/** Every how many residents one registers a web push device. */
const PUSH_EVERY = 2;
const SIGNUP_CONCURRENCY = 4;
const GOAL_MS = 60_000;
const WAIT_LIMIT_MS = 180_000;
/** BENCH_SMTP_POOL=1: the server keeps SMTP connections open (nodemailer's `?pool=true` in SMTP_URL). */
const SMTP_POOL = process.env.BENCH_SMTP_POOL === '1';

/** utime + stime of a process in milliseconds, from /proc (Linux; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function rssKb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}

/** A real SMTP server recording when each address received its first mail. */
async function startSmtp() {
  const firstMailAt = new Map<string, number>();
  let mails = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const email = address.address.toLowerCase();
      if (!firstMailAt.has(email)) firstMailAt.set(email, Date.now());
      callback();
    },
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        mails += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    firstMailAt,
    mails: () => mails,
    /** Forgets what arrived so far (the approval mails of the setup). */
    reset() {
      firstMailAt.clear();
      mails = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Runs `work` over `items` with at most `limit` at once. */
async function inParallel<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let i = next++; i < items.length; i = next++) await work(items[i]!, i);
    }),
  );
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'stoop-bench-notify-'));
  const smtp = await startSmtp();
  const push = await startPushService(dir);
  const limits = {
    RATE_LIMIT_LOGIN_PER_IP: '1000000',
    RATE_LIMIT_SIGNUP_PER_IP: '1000000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000000',
    RATE_LIMIT_USER_PER_MINUTE: '1000000',
    RATE_LIMIT_SESSION_PER_MINUTE: '1000000',
  };
  const stoop = await startStoop({
    env: {
      ...limits,
      SMTP_URL: SMTP_POOL ? `${smtp.url}?pool=true&maxConnections=8` : smtp.url,
      PUSH_CA_FILE: push.caFile,
      EMAIL_NOTIFY_URGENT_DELAY_SECONDS: '0',
      COMMUNITY_NAME: 'Bench Court',
      LOG_LEVEL: 'error',
    },
    nodeArgs: serverNodeArgs(),
    readyTimeoutMs: 240_000,
  });
  try {
    const admin = new ApiSession(stoop.url);
    await admin.login(ADMIN.email, ADMIN.password);

    // Residents: signed up, approved, every PUSH_EVERY-th with a web push device.
    const setupStarted = Date.now();
    const emailOf = (i: number) => `resident${i}@bench.test`;
    const endpointOwner = new Map<string, string>();
    await inParallel(
      Array.from({ length: RESIDENTS }, (_, i) => i),
      SIGNUP_CONCURRENCY,
      async (i) => {
        const api = new ApiSession(stoop.url);
        const { user } = await api.request<{ user: { id: string } }>('POST', '/api/signup', {
          email: emailOf(i),
          password: 'bench-password-123',
          username: `Resident ${i}`,
          acceptTerms: true,
        });
        await admin.request('POST', `/api/admin/users/${user.id}/approve`);
        if (i % PUSH_EVERY !== 0) return;
        const keys = makeSubscriptionKeys();
        const path = `/push/bench-${i}`;
        endpointOwner.set(path, emailOf(i));
        const token = JSON.stringify({
          endpoint: `${push.url}${path}`,
          expirationTime: null,
          keys: { p256dh: keys.p256dh, auth: keys.authText },
        });
        const query = new URLSearchParams({ platform: 'web', token });
        await api.request('POST', `/api/register-push-token?${query.toString()}`);
      },
    );
    console.log(
      `setup: ${RESIDENTS} residents (${endpointOwner.size} with a push device) in ${((Date.now() - setupStarted) / 1000).toFixed(0)} s`,
    );
    // Let the approval notices' mails and pushes drain, so the measure starts from quiet.
    await new Promise((r) => setTimeout(r, 5000));
    smtp.reset();
    push.requests.length = 0;
    push.skip();

    const baseRss = rssKb(stoop.pid);
    const baseCpu = cpuMs(stoop.pid);
    let peakRss = baseRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssKb(stoop.pid));
    }, 100);

    const postedAt = Date.now();
    await admin.request('POST', '/api/announcements', {
      title: 'Water off tomorrow 9–12',
      body: 'The main valve is being replaced. Please fill a kettle tonight.',
      urgent: true,
    });
    const answeredMs = Date.now() - postedAt;

    const reachedAt = new Map<string, number>();
    const deadline = postedAt + WAIT_LIMIT_MS;
    while (reachedAt.size < RESIDENTS && Date.now() < deadline) {
      for (const [email, at] of smtp.firstMailAt) if (!reachedAt.has(email)) reachedAt.set(email, at);
      for (const request of push.requests) {
        const email = endpointOwner.get(request.url);
        const at = reachedAt.get(email ?? '');
        if (email && (at === undefined || request.receivedAt < at)) reachedAt.set(email, request.receivedAt);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    clearInterval(sampler);
    const cpuUsed = cpuMs(stoop.pid) - baseCpu;
    const lastMs = Math.max(...[...reachedAt.values()].map((at) => at - postedAt));
    const times = [...reachedAt.values()].map((at) => at - postedAt).sort((a, b) => a - b);
    const pushes = push.requests.filter((r) => endpointOwner.has(r.url)).length;

    console.log(`SMTP connections: ${SMTP_POOL ? 'pooled (8)' : 'one per mail'}`);
    console.log(`POST /api/announcements answered in ${answeredMs} ms`);
    console.log(
      `reached ${reachedAt.size} of ${RESIDENTS} residents by push or mail; all within ${(lastMs / 1000).toFixed(1)} s ` +
        `(goal < ${GOAL_MS / 1000} s: ${reachedAt.size === RESIDENTS && lastMs < GOAL_MS ? 'met' : 'NOT met'})`,
    );
    console.log(
      `per resident: p50 ${(percentile(times, 50) / 1000).toFixed(1)} s, p95 ${(percentile(times, 95) / 1000).toFixed(1)} s`,
    );
    console.log(`sent: ${smtp.mails()} mails, ${pushes} pushes`);
    console.log(
      `server: RSS ${(baseRss / 1024).toFixed(0)} MB before, peak ${(peakRss / 1024).toFixed(0)} MB ` +
        `(+${((peakRss - baseRss) / 1024).toFixed(0)} MB); CPU ${(cpuUsed / 1000).toFixed(1)} s over ` +
        `${(lastMs / 1000).toFixed(1)} s (${((cpuUsed / Math.max(lastMs, 1)) * 100).toFixed(0)}% of one core)`,
    );
  } finally {
    await stoop.stop();
    await push.close();
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
