/**
 * The resident directory in a real browser at phone width (R-PROFILE-3): a resident filters the
 * directory and starts a direct chat from a card; "Message" again reuses that chat (R-CONV-1).
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasChromium } from './support/browser.ts';
import { startStoopAndBrowser, stopStoopAndBrowser } from './support/stoop-and-browser.ts';
import { createResident, logInThroughForm, type Resident } from './support/community.ts';
import type { RunningStoop } from './support/server.ts';

const SHOTS = '/tmp/shots';

describe.skipIf(!hasChromium)('directory: find a neighbour and message them', () => {
  let stoop: RunningStoop;
  let browser: Browser;
  let fiona: Resident;

  beforeAll(async () => {
    ({ stoop, browser } = await startStoopAndBrowser());
    fiona = await createResident(stoop.url, 'Fiona Reyes');
    const gus = await createResident(stoop.url, 'Gus Lindqvist');
    const hana = await createResident(stoop.url, 'Hana Sato');
    await gus.api.request('PUT', '/api/profile', {
      description: 'Runs along the canal most mornings. Unit 2A.',
      metadata: {
        gender: 'man',
        pets: 'dog',
        interests: ['running', 'cooking'],
        lookingFor: 'Running buddies',
      },
    });
    await hana.api.request('PUT', '/api/profile', {
      description: 'Just moved into 5C with my cat Mochi. Keen gardener, looking for plant swaps.',
      metadata: {
        pronouns: 'she/her',
        work: 'Illustrator',
        gender: 'woman',
        pets: 'cat',
        newToArea: true,
        interests: ['gardening', 'photography'],
        lookingFor: 'Plant swaps and a coffee buddy',
        relationshipStatus: 'single',
      },
    });
  });
  afterAll(() => stopStoopAndBrowser({ stoop, browser }));

  it('filters at 360 px, messages Hana from her card and lands in the same chat the second time', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await logInThroughForm(page, stoop.url, fiona.email, fiona.password);
    await page.goto(`${stoop.url}/main_dashboard/residents`);
    await page.getByRole('heading', { name: 'Residents', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Gus Lindqvist' }).waitFor();
    // Other residents' emails never reach the page (R-ACCESS-6).
    expect(await page.content()).not.toContain('gus.lindqvist@e2e.test');

    // Keyboard: the filters open from the "Filters" button.
    await page.getByRole('button', { name: 'Filters' }).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Pets').selectOption('cat');
    await page.getByRole('heading', { name: 'Gus Lindqvist' }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Hana Sato' }).waitFor();
    await page.getByRole('button', { name: 'Filters (1)' }).waitFor();

    // Nothing is wider than the phone.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/directory-360-filters.png` });
    await page.getByRole('button', { name: 'Done' }).click();
    // "Done" hands focus back to the button that opened the panel.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Filters (1)');
    // The shell scrolls inside, so a taller window shows the whole list.
    await page.setViewportSize({ width: 360, height: 1100 });
    await page.screenshot({ path: `${SHOTS}/directory-360.png` });
    await page.setViewportSize({ width: 360, height: 740 });

    // No match: the designed empty state.
    await page.getByRole('searchbox', { name: 'Search by name or description' }).fill('nobody-like-this');
    await page.getByText('No residents match').waitFor();
    await page.screenshot({ path: `${SHOTS}/directory-360-empty.png` });
    await page.getByRole('searchbox', { name: 'Search by name or description' }).fill('plant');

    await page.getByRole('button', { name: 'Message Hana Sato' }).click();
    await page.waitForURL(/\/main_dashboard\/conversations\/direct\/[^/]+$/);
    const first = page.url();
    await page
      .getByRole('textbox', { name: /message/i })
      .first()
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/directory-360-chat.png` });

    await page.goBack();
    await page.getByRole('button', { name: 'Message Hana Sato' }).click();
    await page.waitForURL(/\/conversations\/direct\//);
    expect(page.url()).toBe(first);
    await context.close();
  });
});
