/**
 * `npm run bench:open`: opening a long conversation in real Chromium. Starts the compiled server on
 * the embedded database, fills one channel with BENCH_MESSAGES (1,000) messages of which
 * BENCH_IMAGES (50) are pictures of mixed shapes, then opens the channel BENCH_RUNS (5) times at a
 * phone's 360 px and a desktop's 1280 px. Prints, per width, the medians and worst of: the time from
 * navigation until the newest message is on screen, the time until every picture on screen has
 * loaded, the farthest the view was from the bottom while it settled (a visible jump; see
 * e2e/support/list-watch.ts) and where it rests after the pictures are in. Asserts nothing.
 * Goal (issue "The chat residents live in"): lands on the newest message with no visible jump
 * (at most 3 px, the rounding to device pixels).
 */
import { cpus, loadavg, totalmem } from 'node:os';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
// @ts-expect-error -- plain ESM build helper without type declarations
import { buildWebIfStale } from '../scripts/build-web.mjs';
import { launchChromium } from '../e2e/support/browser.ts';
import { createResident, type Resident } from '../e2e/support/community.ts';
import { maxOffBottom, WATCH_BOTTOM } from '../e2e/support/list-watch.ts';
import { startStoop } from './support/stoop.ts';
import { BENCH_LIMITS } from './chat-support.ts';
import { percentile } from './support/stats.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WIDTHS = [360, 1280] as const;
/** Picture shapes that cycle: landscape, portrait, panorama, square. */
const SHAPES = [
  [1200, 900],
  [800, 1200],
  [1600, 600],
  [1000, 1000],
] as const;
const LAST_TEXT = 'The newest message of the bench';

interface Open {
  newestMs: number;
  picturesMs: number;
  maxOffBottomPx: number;
  restingOffBottomPx: number;
}

/** Fills the channel: text with a picture every MESSAGES / IMAGES messages, the newest last. */
async function fill(author: Resident, conversationId: string): Promise<void> {
  const every = Math.max(1, Math.floor(MESSAGES / Math.max(1, IMAGES)));
  const path = `/api/conversations/${conversationId}/messages`;
  let pictures = 0;
  for (let n = 1; n < MESSAGES; n += 1) {
    if (pictures < IMAGES && n % every === every - 1) {
      const [width, height] = SHAPES[pictures % SHAPES.length]!;
      const png = await sharp({
        create: { width, height, channels: 3, background: { r: (n * 37) % 255, g: 120, b: 160 } },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      form.set('content', '');
      form.set('file', new Blob([png], { type: 'image/png' }), `picture-${pictures}.png`);
      await author.api.request('POST', path, form);
      pictures += 1;
    } else {
      await author.api.request('POST', path, { content: `Note ${n}: the bins go out on Thursday night.` });
    }
    if (n % 100 === 0) process.stdout.write(`  sent ${n}\r`);
  }
  await author.api.request('POST', path, { content: LAST_TEXT });
  process.stdout.write(`  sent ${MESSAGES} (${pictures} pictures)\n`);
}

async function openOnce(browser: Browser, author: Resident, url: string, width: number): Promise<Open> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 740 : 800 } });
  await context.addCookies(author.api.browserCookies());
  const page: Page = await context.newPage();
  await page.addInitScript(WATCH_BOTTOM);
  const started = performance.now();
  await page.goto(url);
  const newest = page.locator('article[data-message-id]').filter({ hasText: LAST_TEXT });
  await newest.waitFor();
  await page.waitForFunction((text) => {
    const rows = Array.from(document.querySelectorAll('article[data-message-id]'));
    const row = rows.find((r) => r.textContent?.includes(text));
    if (!row) return false;
    const box = row.getBoundingClientRect();
    return box.bottom <= window.innerHeight && box.bottom > 0;
  }, LAST_TEXT);
  const newestMs = performance.now() - started;
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLImageElement>('article img[alt$=".png"]')).every(
      (img) => img.complete && img.naturalWidth > 0,
    ),
  );
  const picturesMs = performance.now() - started;
  await page.waitForTimeout(500);
  const restingOffBottomPx = await page
    .getByRole('region', { name: 'Messages' })
    .evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop);
  const result = { newestMs, picturesMs, maxOffBottomPx: await maxOffBottom(page), restingOffBottomPx };
  await context.close();
  return result;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const worst = (values: number[]) => Math.max(...values);

async function main(): Promise<void> {
  if ((buildWebIfStale as () => number)() !== 0) throw new Error('web build failed');
  const stoop = await startStoop({ env: BENCH_LIMITS });
  const browser = await launchChromium();
  try {
    const author = await createResident(stoop.url, 'Bench Writer');
    const { conversation } = await author.api.request<{ conversation: { id: string } }>(
      'POST',
      '/api/conversations',
      { type: 'channel', name: 'long-history' },
    );
    const filling = performance.now();
    await fill(author, conversation.id);
    console.log(`filled in ${((performance.now() - filling) / 1000).toFixed(1)} s`);
    const url = `${stoop.url}/main_dashboard/conversations/channel/${conversation.id}`;
    console.log(
      `machine: ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; ${MESSAGES} messages, ${IMAGES} pictures, ${RUNS} runs per width`,
    );
    for (const width of WIDTHS) {
      await openOnce(browser, author, url, width); // warm-up: caches, compiled code
      const runs: Open[] = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await openOnce(browser, author, url, width));
      const row = (name: keyof Open, unit: string) => {
        const values = runs.map((r) => r[name]);
        return `${name} median ${median(values).toFixed(0)} ${unit}, worst ${worst(values).toFixed(0)} ${unit}`;
      };
      console.log(
        `${String(width).padStart(4)} px: ${row('newestMs', 'ms')}; ${row('picturesMs', 'ms')}; ` +
          `${row('maxOffBottomPx', 'px')}; ${row('restingOffBottomPx', 'px')}`,
      );
    }
  } finally {
    await browser.close();
    await stoop.stop();
  }
}

await main();
