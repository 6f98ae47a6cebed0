/**
 * Events in a real browser at 360 px (R-EVENT-1, R-EVENT-3, R-EVENT-6, R-EVENT-8, R-EVENT-10,
 * R-EVENT-13): a resident creates an event in a channel from the events page, a neighbour answers
 * going on its card in the channel and the count moves on both screens, and the neighbour downloads
 * its .ics file; then the creator edits and cancels it, and the neighbour's card follows live.
 * Screenshots go to /tmp/shots/.
 */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { wcagViolations } from './support/axe.ts';
import { hasChromium } from './support/browser.ts';
import type { RunningStoop } from './support/server.ts';
import { logInThroughForm, type Resident } from './support/community.ts';
import { startNeighbours } from './support/neighbours.ts';
import { stopStoopAndBrowser } from './support/stoop-and-browser.ts';

const SHOTS = '/tmp/shots';
const TITLE = 'Potluck on the roof';
const NEW_TITLE = 'Potluck in the garden';

describe.skipIf(!hasChromium)('building: events', () => {
  let stoop: RunningStoop;
  let browser: Browser;
  let nadia: Resident;
  let omar: Resident;
  let channelUrl = '';

  beforeAll(async () => {
    ({ stoop, browser, nadia, omar, channelUrl } = await startNeighbours());
  }, 300_000);
  afterAll(() => stopStoopAndBrowser({ stoop, browser }));

  const fits = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  it('a resident creates an event in a channel, a neighbour answers going, the count moves, and the .ics downloads', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const phone = { viewport: { width: 360, height: 740 } };
    const host = await (await browser.newContext(phone)).newPage();
    const guest = await (await browser.newContext({ ...phone, acceptDownloads: true })).newPage();
    await logInThroughForm(host, stoop.url, nadia.email, nadia.password);
    await logInThroughForm(guest, stoop.url, omar.email, omar.password);
    await guest.goto(channelUrl);

    // The events page: empty at first, then the create dialog.
    await host.goto(`${stoop.url}/main_dashboard/events`);
    await host.getByText('No upcoming events').waitFor();
    await host.getByRole('heading', { name: 'Subscribe in your calendar' }).waitFor();
    await fits(host);
    await host.screenshot({ path: `${SHOTS}/events-360-empty.png`, fullPage: true });
    await host.getByRole('button', { name: 'New event' }).first().click();
    const dialog = host.getByRole('dialog', { name: 'New event' });
    await dialog.getByLabel('Title').fill(TITLE);
    await dialog.getByLabel('Location').fill('Roof terrace, by the planters');
    await dialog.getByLabel('Description (optional)').fill('Bring a dish; plates are provided.');
    await dialog.getByLabel('Post in a channel (optional)').selectOption({ label: '#lobby' });
    await host.screenshot({ path: `${SHOTS}/events-360-new.png` });
    await dialog.getByRole('button', { name: 'Create event' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await host.getByRole('heading', { name: TITLE }).waitFor();
    await host.getByTestId('event-counts').getByText('1 going · 0 maybe · 0 can’t go').waitFor();
    await fits(host);
    await host.screenshot({ path: `${SHOTS}/events-360-detail.png`, fullPage: true });
    expect(await wcagViolations(host)).toEqual([]);

    // The card in the channel, on both screens.
    await host.goto(channelUrl);
    const hostCard = host.getByRole('region', { name: `Event: ${TITLE}` });
    const guestCard = guest.getByRole('region', { name: `Event: ${TITLE}` });
    await hostCard.waitFor();
    await guestCard.waitFor();
    expect(await guestCard.getByTestId('rsvp-count-going').textContent()).toBe('1');

    await guestCard.getByRole('button', { name: /^Going/ }).click();
    await guestCard.getByRole('button', { name: /^Going/, pressed: true }).waitFor();
    expect(await guestCard.getByTestId('rsvp-count-going').textContent()).toBe('2');
    // Live: the host did nothing, the socket's event:updated moved the count.
    await hostCard.getByRole('button', { name: /^Going 2/ }).waitFor();
    await fits(guest);
    await guest.screenshot({ path: `${SHOTS}/events-360-card.png` });
    expect(await wcagViolations(guest, 'section[aria-label^="Event:"]')).toEqual([]);

    // The neighbour opens the event and downloads its calendar file.
    await guestCard.getByRole('link', { name: TITLE }).click();
    await guest.getByRole('heading', { name: TITLE }).waitFor();
    const [download] = await Promise.all([
      guest.waitForEvent('download'),
      guest.getByRole('link', { name: 'Download .ics' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('potluck-on-the-roof.ics');
    const text = await readFile(await download.path(), 'utf8');
    expect(text.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(text).toContain(`SUMMARY:${TITLE}`);
    expect(text).toContain('LOCATION:Roof terrace\\, by the planters');

    // The creator edits and then cancels it; the neighbour's card follows live (R-EVENT-12, R-EVENT-13).
    const eventUrl = guest.url();
    await guest.goto(channelUrl);
    await guestCard.waitFor();
    await host.goto(eventUrl);
    await host.getByRole('button', { name: 'Edit' }).click();
    const edit = host.getByRole('dialog', { name: 'Edit event' });
    await edit.getByLabel('Title').fill(NEW_TITLE);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'hidden' });
    await host.getByRole('heading', { name: NEW_TITLE }).waitFor();
    const movedCard = guest.getByRole('region', { name: `Event: ${NEW_TITLE}` });
    await movedCard.waitFor();
    await host.getByRole('button', { name: 'Cancel event' }).click();
    await host.getByRole('button', { name: 'Yes, cancel event' }).click();
    await host.getByText('Cancelled', { exact: true }).waitFor();
    await fits(host);
    await host.screenshot({ path: `${SHOTS}/events-360-cancelled.png`, fullPage: true });
    // The "Event changed" and "Event cancelled" toasts stack and fade: axe measures the contrast of a
    // toast caught mid-transition, so the page is checked once every transition has ended.
    await host.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(await wcagViolations(host)).toEqual([]);
    await movedCard.getByText('Cancelled', { exact: true }).waitFor();
    expect(await movedCard.getByRole('group', { name: 'Your answer' }).count()).toBe(0);
  }, 300_000);
});
