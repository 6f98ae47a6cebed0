import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ApiSession } from './support/api.ts';
import { startStoopAndBrowser, stopStoopAndBrowser } from './support/stoop-and-browser.ts';
import { hasChromium } from './support/browser.ts';
import { createResident } from './support/community.ts';
import { ADMIN, type RunningStoop } from './support/server.ts';

const SHOTS = '/tmp/shots';
const WIDTHS = [360, 1280] as const;
/** The chunk that carries the chart library (packages/web/src/components/stats/BarSeries.tsx). */
const CHART_CHUNK = /\/assets\/BarSeries-[\w-]+\.js$/;

describe.skipIf(!hasChromium)('R-STATS-8, R-BILL-4: statistics and billing in Chromium', () => {
  let stoop: RunningStoop;
  let browser: Browser;
  const sessions: Record<'admin' | 'resident', ApiSession> = {} as Record<'admin' | 'resident', ApiSession>;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ stoop, browser } = await startStoopAndBrowser());
    sessions.admin = new ApiSession(stoop.url);
    await sessions.admin.login(ADMIN.email, ADMIN.password);
    const stella = await createResident(stoop.url, 'Stella Stats');
    await stella.api.login(stella.email, stella.password);
    sessions.resident = stella.api;
    // A little activity to chart: two channels with messages, and an announcement read once.
    for (const [name, count] of [
      ['general', 4],
      ['garden-club', 2],
    ] as const) {
      const { conversation } = await sessions.admin.request<{ conversation: { id: string } }>(
        'POST',
        '/api/conversations',
        { type: 'channel', name },
      );
      for (let i = 0; i < count; i += 1) {
        await sessions.resident.request('POST', `/api/conversations/${conversation.id}/messages`, {
          content: `Hello ${name} ${i}`,
          clientMessageId: `${name}-${i}`,
        });
      }
    }
    await sessions.admin.request('POST', '/api/announcements', { title: 'Lift repair', body: 'Tuesday.' });
  });
  afterAll(() => stopStoopAndBrowser({ stoop, browser }));

  async function open(
    role: 'admin' | 'resident',
    width: number,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies(sessions[role].browserCookies());
    return { context, page: await context.newPage() };
  }

  /** Nothing sticks out sideways: the page scrolls only vertically. */
  async function expectNoSidewaysScroll(page: Page) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  for (const role of ['admin', 'resident'] as const) {
    for (const width of WIDTHS) {
      it(`statistics render for the ${role} at ${width} px`, async () => {
        const { context, page } = await open(role, width);
        await page.goto(`${stoop.url}/admin_dashboard/statistics`);
        await page.getByRole('heading', { name: 'Community statistics' }).waitFor();
        await page.getByText('Awaiting approval').waitFor();
        // The chart library arrives after the numbers and draws both bar charts.
        await page.locator('.recharts-bar-rectangle').first().waitFor();
        expect(await page.locator('.recharts-surface').count()).toBe(2);
        const moderation = page.getByRole('heading', { name: 'Moderation' });
        expect(await moderation.count()).toBe(role === 'admin' ? 1 : 0);
        // The table toggle shows the same numbers.
        const perDay = page.getByRole('region', { name: 'Messages per day' });
        await perDay.getByRole('button', { name: 'Show table' }).click();
        expect(await perDay.getByRole('row').count()).toBe(31);
        await perDay.getByRole('button', { name: 'Hide table' }).click();
        await expectNoSidewaysScroll(page);
        // The app shell scrolls inside its main area, so a tall window shows the whole screen.
        await page.setViewportSize({ width, height: 2000 });
        await page.screenshot({ path: `${SHOTS}/statistics-${role}-${width}.png` });
        await context.close();
      });

      it(`billing renders for the ${role} at ${width} px`, async () => {
        const { context, page } = await open(role, width);
        await page.goto(`${stoop.url}/admin_dashboard/billing`);
        await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
        await page.getByRole('progressbar', { name: 'Residents' }).waitFor();
        expect(await page.getByRole('progressbar').count()).toBe(3);
        expect(await page.getByRole('note').textContent()).toContain('No payment processor is connected');
        const chooser = page.getByRole('form', { name: 'Change plan' });
        expect(await chooser.count()).toBe(role === 'admin' ? 1 : 0);
        await expectNoSidewaysScroll(page);
        // The app shell scrolls inside its main area, so a tall window shows the whole screen.
        await page.setViewportSize({ width, height: 2000 });
        await page.screenshot({ path: `${SHOTS}/billing-${role}-${width}.png` });
        await context.close();
      });
    }
  }

  it('an admin changes the plan and a resident sees it', async () => {
    const { context, page } = await open('admin', 1280);
    await page.goto(`${stoop.url}/admin_dashboard/billing`);
    const chooser = page.getByRole('form', { name: 'Change plan' });
    await chooser.getByRole('radio', { name: /Building/ }).check();
    await chooser.getByRole('button', { name: 'Save plan' }).click();
    await page.getByRole('heading', { name: 'Building', level: 2 }).waitFor();
    await context.close();
    const billing = await sessions.resident.request<{ plan: { id: string }; source: string }>(
      'GET',
      '/api/billing',
    );
    expect(billing).toMatchObject({ plan: { id: 'building' }, source: 'database' });
  });

  it('the chat’s first load does not fetch the chart chunk; the statistics screen does', async () => {
    const { context, page } = await open('resident', 1280);
    const requested: string[] = [];
    // The context sees the service worker's requests too, so a precache of the chunk would show.
    context.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${stoop.url}/main_dashboard`);
    await page.waitForURL(/\/main_dashboard\/chat-intro$/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.evaluate(() =>
      Promise.race([navigator.serviceWorker?.ready, new Promise((resolve) => setTimeout(resolve, 5000))]),
    );
    await page.waitForLoadState('networkidle');
    expect(requested.some((path) => path.endsWith('.js'))).toBe(true);
    expect(requested.filter((path) => CHART_CHUNK.test(path))).toEqual([]);

    await page.goto(`${stoop.url}/admin_dashboard/statistics`);
    await page.locator('.recharts-surface').first().waitFor();
    expect(requested.filter((path) => CHART_CHUNK.test(path))).toHaveLength(1);
    await context.close();
  });
});
