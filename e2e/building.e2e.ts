/**
 * Building life in a real browser at 360 px (R-POLL-1, R-POLL-3, R-POLL-6): a resident asks a poll
 * from the composer, a neighbour votes on its card, and the first resident's card shows the count
 * change live. Screenshots go to /tmp/shots/.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasChromium } from './support/browser.ts';
import type { RunningStoop } from './support/server.ts';
import { logInThroughForm, type Resident } from './support/community.ts';
import { startNeighbours } from './support/neighbours.ts';
import { stopStoopAndBrowser } from './support/stoop-and-browser.ts';

const SHOTS = '/tmp/shots';

describe.skipIf(!hasChromium)('building: polls', () => {
  let stoop: RunningStoop;
  let browser: Browser;
  let nadia: Resident;
  let omar: Resident;
  let channelUrl = '';

  beforeAll(async () => {
    ({ stoop, browser, nadia, omar, channelUrl } = await startNeighbours());
  }, 300_000);
  afterAll(() => stopStoopAndBrowser({ stoop, browser }));

  it('a resident asks a poll, a neighbour votes, and the asker sees the count change live', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const phone = { viewport: { width: 360, height: 740 } };
    const asker = await (await browser.newContext(phone)).newPage();
    const voter = await (await browser.newContext(phone)).newPage();
    await logInThroughForm(asker, stoop.url, nadia.email, nadia.password);
    await logInThroughForm(voter, stoop.url, omar.email, omar.password);
    await asker.goto(channelUrl);
    await voter.goto(channelUrl);

    await asker.getByRole('button', { name: 'Create a poll' }).click();
    const dialog = asker.getByRole('dialog', { name: 'New poll' });
    await dialog.getByRole('textbox', { name: 'Question' }).fill('Which colour for the lobby?');
    await dialog.getByRole('textbox', { name: 'Option 1', exact: true }).fill('Blue');
    await dialog.getByRole('textbox', { name: 'Option 2', exact: true }).fill('Green');
    await dialog.getByRole('button', { name: 'Add an option' }).click();
    await dialog.getByRole('textbox', { name: 'Option 3', exact: true }).fill('White');
    await asker.screenshot({ path: `${SHOTS}/building-360-new-poll.png` });
    await dialog.getByRole('button', { name: 'Ask' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const askerCard = asker.getByRole('region', { name: 'Poll: Which colour for the lobby?' });
    const voterCard = voter.getByRole('region', { name: 'Poll: Which colour for the lobby?' });
    await askerCard.waitFor();
    await voterCard.waitFor();
    await askerCard.getByText('0 residents voted').waitFor();

    await voterCard.getByRole('button', { name: /Green/ }).click();
    await voterCard.getByRole('button', { name: /Green/, pressed: true }).waitFor();

    // Live: the asker did nothing, the socket's poll:updated moved the count.
    await askerCard.getByText('1 resident voted').waitFor();
    expect(await askerCard.getByRole('button', { name: /Green/ }).textContent()).toContain('1 vote');

    // The voter changes their mind; the count moves, not doubles.
    await voterCard.getByRole('button', { name: /White/ }).click();
    await askerCard.getByRole('button', { name: /White.*1 vote/ }).waitFor();
    expect(await askerCard.getByText('1 resident voted').count()).toBe(1);

    for (const page of [asker, voter]) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
    await asker.screenshot({ path: `${SHOTS}/building-360-poll-asker.png` });
    await voter.screenshot({ path: `${SHOTS}/building-360-poll-voter.png` });
  }, 300_000);
});
