/**
 * Search in a real browser at 360 px (R-SEARCH-3, R-SEARCH-5, R-SEARCH-6): `from:@` completes a
 * username, the result is found with its words marked, and its link opens the message in its
 * conversation, far back in the history, scrolled to and highlighted. Screenshots go to /tmp/shots/.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { wcagViolations } from './support/axe.ts';
import { startStoopAndBrowser, stopStoopAndBrowser } from './support/stoop-and-browser.ts';
import { hasChromium } from './support/browser.ts';
import type { RunningStoop } from './support/server.ts';
import { createResident, logInThroughForm, type Resident } from './support/community.ts';

const SHOTS = '/tmp/shots';

describe.skipIf(!hasChromium)('search: find a message by its author and open it in context', () => {
  let stoop: RunningStoop;
  let browser: Browser;
  let nadia: Resident;
  let targetId = '';

  beforeAll(async () => {
    ({ stoop, browser } = await startStoopAndBrowser());
    nadia = await createResident(stoop.url, 'Nadia Okafor');
    const omar = await createResident(stoop.url, 'Omar Haddad');
    const { conversation } = await nadia.api.request<{ conversation: { id: string } }>(
      'POST',
      '/api/conversations',
      { type: 'channel', name: 'courtyard' },
    );
    const post = (who: Resident, content: string) =>
      who.api.request<{ message: { id: string } }>('POST', `/api/conversations/${conversation.id}/messages`, {
        content,
      });
    await post(nadia, 'Tomato seedlings are up for grabs');
    targetId = (await post(omar, 'The courtyard tomato plants need water on Sunday')).message.id;
    // Enough newer messages that the target is not on the conversation's first page.
    for (let i = 1; i <= 45; i += 1) await post(i % 2 ? nadia : omar, `Later note number ${i}`);
  });
  afterAll(() => stopStoopAndBrowser({ stoop, browser }));

  it('from:@ completes, finds the message with its words marked, and opens it highlighted', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await logInThroughForm(page, stoop.url, nadia.email, nadia.password);
    await page.goto(`${stoop.url}/main_dashboard/search`);

    const box = page.getByRole('combobox', { name: 'Search messages' });
    await box.click();
    await box.pressSequentially('from:@om');
    const option = page.getByRole('option', { name: '@Omar Haddad' });
    await option.waitFor();
    await page.screenshot({ path: `${SHOTS}/search-360-suggestions.png` });
    await box.press('ArrowDown');
    await box.press('Enter');
    expect(await box.inputValue()).toBe('from:@"Omar Haddad" ');
    await box.pressSequentially('tomato');
    await box.press('Enter');

    const results = page.getByRole('region', { name: 'Results in courtyard' });
    await results.waitFor();
    await page.getByText('1 result for').waitFor();
    const link = results.getByRole('link').first();
    expect(await link.locator('mark').allTextContents()).toEqual(['tomato']);
    // Nadia's own tomato message is not Omar's.
    expect(await results.getByRole('link').count()).toBe(1);
    // Nothing wider than the 360 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${SHOTS}/search-360-results.png` });
    // The box, chips, filter buttons and grouped results meet WCAG 2.1 A/AA.
    expect(await wcagViolations(page)).toEqual([]);

    await link.click();
    await page.waitForURL(new RegExp(`#message-${targetId}$`));
    const target = page.locator(`#message-${targetId}`);
    await target.waitFor().catch(async (error: unknown) => {
      await page.screenshot({ path: `${SHOTS}/search-360-failed.png` });
      throw error;
    });
    await page.locator(`#message-${targetId}[data-highlighted]`).waitFor();
    expect(await target.isVisible()).toBe(true);
    expect(await target.textContent()).toContain('The courtyard tomato plants need water on Sunday');
    await page.screenshot({ path: `${SHOTS}/search-360-opened.png` });
    await context.close();
  });
});
