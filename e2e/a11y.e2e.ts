import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { wcagViolations } from './support/axe.ts';
import { startStoopAndBrowser, stopStoopAndBrowser } from './support/stoop-and-browser.ts';
import { hasChromium } from './support/browser.ts';
import { createResident, logInThroughForm } from './support/community.ts';
import type { RunningStoop } from './support/server.ts';

const PUBLIC_PAGES = [
  '/web-home',
  '/login',
  '/signup',
  '/forgot-password',
  '/contact',
  '/privacy-policy',
  '/no-such-page',
];
const RESIDENT_PAGES = ['/main_dashboard/chat-intro', '/account_settings'];

/**
 * The dark palette, forced on regardless of the dark-mode flag, so it is checked like the light one.
 * Colour transitions are switched off first: the app sets the theme before the first paint, but
 * flipping it here would let axe sample a button halfway through its colour animation.
 */
async function forceDark(page: Page): Promise<void> {
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
}

describe.skipIf(!hasChromium)('accessibility (WCAG 2.1 AA, axe) in the light and dark palettes', () => {
  let stoop: RunningStoop;
  let browser: Browser;

  beforeAll(async () => {
    ({ stoop, browser } = await startStoopAndBrowser());
  });
  afterAll(() => stopStoopAndBrowser({ stoop, browser }));

  for (const theme of ['light', 'dark'] as const) {
    it(`public pages have no WCAG A/AA violations (${theme})`, async () => {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const found: string[] = [];
      for (const path of PUBLIC_PAGES) {
        await page.goto(`${stoop.url}${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        if (theme === 'dark') await forceDark(page);
        found.push(...(await wcagViolations(page)).map((v) => `${path}: ${v}`));
      }
      await context.close();
      expect(found).toEqual([]);
    });

    it(`resident pages have no WCAG A/AA violations (${theme})`, async () => {
      const resident = await createResident(stoop.url, `Axe ${theme}`);
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await logInThroughForm(page, stoop.url, resident.email, resident.password);
      const found: string[] = [];
      for (const path of RESIDENT_PAGES) {
        await page.goto(`${stoop.url}${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        if (theme === 'dark') await forceDark(page);
        found.push(...(await wcagViolations(page)).map((v) => `${path}: ${v}`));
      }
      await context.close();
      expect(found).toEqual([]);
    });

    // A busy server answers late, and what a resident sees meanwhile must be as legible as the rest.
    it(`loading states have no WCAG A/AA violations (${theme})`, async () => {
      const resident = await createResident(stoop.url, `Axe loading ${theme}`);
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await logInThroughForm(page, stoop.url, resident.email, resident.password);
      const held: Array<() => void> = [];
      await page.route(/\/api\/(announcements|conversations)(\?|$)/, (route) => {
        held.push(() => void route.continue().catch(() => undefined));
      });
      await page.goto(`${stoop.url}/main_dashboard/chat-intro`);
      await page.getByText('Loading…').waitFor();
      if (theme === 'dark') await forceDark(page);
      const found = await wcagViolations(page);
      for (const release of held) release();
      await context.close();
      expect(found).toEqual([]);
    });
  }
});
