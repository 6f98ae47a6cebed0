/**
 * `npm run bench:web`: the web app's first load (R-DELIVERY-8). Builds the web app when stale,
 * starts the compiled server (e2e/support/server.ts), signs a resident in through the API and runs
 * Lighthouse 12 (mobile preset, simulated throttling) BENCH_RUNS (3) times on /login, /web-home and a
 * signed-in channel page, in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). Prints
 * the medians of the performance and accessibility scores, LCP, TBT and CLS, and the first-load
 * JavaScript of each page measured from the bundle (see ./support/web-bundle.ts). Asserts nothing.
 * Goals (issue "Trust and operations"): performance >= 95 and accessibility 100 on each page, and
 * the channel page's first-load JS under 150 KB gzip. Lighthouse's simulated slow-down multiplies the
 * time each task took on this machine, so the scores depend on its speed: each row gives the median
 * of Lighthouse's CPU benchmark index (higher is faster) to compare runs on different days. BENCH_WEB_REPORT_DIR=dir keeps each run's
 * Lighthouse JSON report there; BENCH_WEB_PAGES=channel (comma-separated names) runs only those.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg, totalmem } from 'node:os';
// @ts-expect-error -- plain ESM build helper without type declarations
import { buildWebIfStale } from '../scripts/build-web.mjs';
import { ApiSession } from '../e2e/support/api.ts';
import { createResident } from '../e2e/support/community.ts';
import { CHROMIUM_FLAGS } from '../e2e/support/browser.ts';
import { startStoop } from './support/stoop.ts';
import { percentile } from './support/stats.ts';
import { CHANNEL_FIRST_LOAD_JS_MAX_BYTES } from '@stoop/shared/constants';
import { firstLoadJs, formatKb, type FirstLoad } from './support/web-bundle.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const lighthouseBin = new URL('../node_modules/lighthouse/cli/index.js', import.meta.url).pathname;

interface Run {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's CPU speed reference for the run's machine (higher is faster); scores fall with it. */
  benchmarkIndex: number;
  failedA11y: string[];
}

interface LighthouseResult {
  environment?: { benchmarkIndex?: number };
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      score: number | null;
      scoreDisplayMode: string;
      details?: { items?: { node?: { snippet?: string } }[] };
    }
  >;
}

/** One Lighthouse run as a child process (its CLI launches Chromium through chrome-launcher). */
function lighthouse(url: string, headers: Record<string, string>): Promise<Run> {
  const args = [
    lighthouseBin,
    url,
    '--only-categories=performance,accessibility',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
  ];
  if (Object.keys(headers).length > 0) args.push(`--extra-headers=${JSON.stringify(headers)}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse ${url} exited ${code}:\n${err.slice(-2000)}`));
      const reportDir = process.env.BENCH_WEB_REPORT_DIR;
      if (reportDir) {
        mkdirSync(reportDir, { recursive: true });
        writeFileSync(join(reportDir, `lighthouse-${Date.now()}.json`), out);
      }
      const result = JSON.parse(out) as LighthouseResult;
      const audit = (id: string) => result.audits[id]?.numericValue ?? Number.NaN;
      const failedA11y = Object.entries(result.audits)
        .filter(([, a]) => a.scoreDisplayMode === 'binary' && a.score === 0)
        .map(([id, a]) => {
          const nodes = (a.details?.items ?? []).map((item) => item.node?.snippet).filter(Boolean);
          return nodes.length > 0 ? `${id} ${nodes.slice(0, 3).join(' ')}` : id;
        });
      resolve({
        performance: Math.round((result.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((result.categories.accessibility?.score ?? 0) * 100),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        benchmarkIndex: result.environment?.benchmarkIndex ?? Number.NaN,
        failedA11y,
      });
    });
  });
}

/**
 * Lighthouse now and then fails to record its trace on this machine ("Something went wrong with
 * recording the trace", NO_NAVSTART) and exits 1 without a report; such a run is tried again, up to
 * twice. Any other failure ends the bench.
 */
async function lighthouseRetried(url: string, headers: Record<string, string>): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(url, headers);
    } catch (error) {
      const traceFailed = error instanceof Error && error.message.includes('NO_NAVSTART');
      if (!traceFailed || attempt === 3) throw error;
      console.log(`  (Lighthouse could not record the trace of ${url}; running it again)`);
    }
  }
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

interface Page {
  name: string;
  path: string;
  headers: Record<string, string>;
  js: FirstLoad;
}

async function main(): Promise<void> {
  if ((buildWebIfStale as () => number)() !== 0) throw new Error('web build failed');
  const stoop = await startStoop();
  const loads: number[] = [];
  const sampleLoad = setInterval(() => loads.push(loadavg()[0]!), 5000);
  try {
    const resident = await createResident(stoop.url, 'Bench Reader');
    const { conversation } = await resident.api.request<{ conversation: { id: string } }>(
      'POST',
      '/api/conversations',
      { type: 'channel', name: 'lobby' },
    );
    for (let i = 1; i <= 30; i++)
      await resident.api.request('POST', `/api/conversations/${conversation.id}/messages`, {
        content: `Message ${i}: the parcel room is **open** again until 8 pm.`,
      });
    // A fresh session for the pages, so the cookie is exactly what a signed-in browser holds.
    const session = new ApiSession(stoop.url);
    await session.login(resident.email, resident.password);
    const cookie = { Cookie: session.cookieHeader() };

    const pages: Page[] = [
      { name: '/login', path: '/login', headers: {}, js: firstLoadJs('login') },
      { name: '/web-home', path: '/web-home', headers: {}, js: firstLoadJs('web-home') },
      {
        name: 'channel (signed in)',
        path: `/main_dashboard/conversations/channel/${conversation.id}`,
        headers: cookie,
        js: firstLoadJs('channel'),
      },
    ];

    const only = process.env.BENCH_WEB_PAGES?.split(',');
    if (only) pages.splice(0, pages.length, ...pages.filter((p) => only.some((o) => p.name.includes(o))));
    console.log(
      `bench:web — ${RUNS} Lighthouse ${'12'} runs per page (mobile preset), ${cpus().length} cores, ` +
        `${(totalmem() / 2 ** 30).toFixed(1)} GB, node ${process.version}, load ${loadavg()[0]!.toFixed(2)} at start`,
    );
    const rows: string[] = [];
    for (const page of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++)
        runs.push(await lighthouseRetried(`${stoop.url}${page.path}`, page.headers));
      const failed = [...new Set(runs.flatMap((r) => r.failedA11y))];
      rows.push(
        [
          page.name.padEnd(20),
          `perf ${median(runs.map((r) => r.performance))} (${runs.map((r) => r.performance).join('/')})`,
          `a11y ${median(runs.map((r) => r.accessibility))}`,
          `LCP ${(median(runs.map((r) => r.lcpMs)) / 1000).toFixed(2)} s`,
          `TBT ${median(runs.map((r) => r.tbtMs)).toFixed(0)} ms`,
          `CLS ${median(runs.map((r) => r.cls)).toFixed(3)}`,
          `CPU index ${median(runs.map((r) => r.benchmarkIndex)).toFixed(0)}`,
          `JS ${formatKb(page.js.gzipBytes)} gzip in ${page.js.chunks.length} files (${formatKb(page.js.rawBytes)} raw)`,
          failed.length ? `failed audits: ${failed.join(', ')}` : '',
        ].join(' | '),
      );
      console.log(rows.at(-1));
    }
    const channel = firstLoadJs('channel');
    console.log(`\nchannel page first-load JS, gzip bytes per file (entry first):`);
    for (const chunk of channel.chunks)
      console.log(`  ${String(chunk.gzipBytes).padStart(7)}  ${chunk.file}`);
    console.log(
      `  ${String(channel.gzipBytes).padStart(7)}  total (${formatKb(channel.gzipBytes)}; goal < ${formatKb(CHANNEL_FIRST_LOAD_JS_MAX_BYTES)})`,
    );
    const sorted = [...loads].sort((a, b) => a - b);
    console.log(
      `1-minute load average during the runs: median ${median(loads).toFixed(2)}, ` +
        `min ${sorted[0]?.toFixed(2)}, max ${sorted.at(-1)?.toFixed(2)}`,
    );
  } finally {
    clearInterval(sampleLoad);
    await stoop.stop();
  }
}

await main();
