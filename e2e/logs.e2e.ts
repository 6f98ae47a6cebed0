import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasChromium, launchChromium } from './support/browser.ts';
import { startStoop, type RunningStoop } from './support/server.ts';

describe.skipIf(!hasChromium)('client diagnostic logs reach the server (R-LOG-0, R-API-2)', () => {
  let stoop: RunningStoop;
  let browser: Browser;

  beforeAll(async () => {
    // info level: the intake writes each client entry through the server's logger.
    stoop = await startStoop({ env: { LOG_LEVEL: 'info' } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await stoop?.stop();
  });

  it('R-LOG-5, R-LOG-2: an error thrown in the page reaches the log intake within a second', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stoop.url}/web-home`);
    await page.waitForLoadState('networkidle');
    const marker = `e2e-uncaught-${Date.now()}`;
    const thrownAt = Date.now();
    await page.evaluate((text) => {
      setTimeout(() => {
        throw new Error(text);
      }, 0);
    }, marker);
    await expect.poll(() => stoop.output().includes(marker), { timeout: 1000, interval: 25 }).toBe(true);
    expect(Date.now() - thrownAt).toBeLessThan(1000);
    await context.close();
  });

  it('R-LOG-4: on page unload the queued entries are sent as a beacon', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stoop.url}/web-home`);
    // Web vitals (TTFB, FCP) are queued as info entries; the 3 s flush check has not run yet.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    // web-vitals loads as its own chunk after start-up; on a busy machine it may still be on its way.
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => entry.name.includes('/web-vitals-')),
    );
    // Its observers report buffered entries in a task of their own once subscribed.
    await page.waitForTimeout(500);
    const beaconLines = () =>
      stoop
        .output()
        .split('\n')
        .filter((line) => line.includes('"transport":"beacon"'));
    // The previous test's closing page may have sent a beacon of its own: count from here.
    const before = beaconLines().length;
    await page.goto('about:blank');
    await expect.poll(() => beaconLines().length, { timeout: 5000 }).toBeGreaterThan(before);
    expect(
      beaconLines()
        .slice(before)
        .some((line) => line.includes('web-vital')),
    ).toBe(true);
    await context.close();
  });
});
