/**
 * Read receipts (R-RECEIPT-4) with two residents in Chromium at 360 and 1280 px: "Seen" under
 * Nadia's own newest message in her direct conversation with Omar as soon as Omar opens it, and
 * again as he reads her next one live; "Seen by N" in a channel as the others, with it open, read
 * her new message live (R-RECEIPT-6). Screenshots go to /tmp/shots/.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { WEB_PATHS } from '@stoop/shared/web-paths';
import { hasChromium } from './support/browser.ts';
import { createResident, logInThroughForm, type Resident } from './support/community.ts';
import { startNeighbours } from './support/neighbours.ts';
import type { RunningStoop } from './support/server.ts';
import { stopStoopAndBrowser } from './support/stoop-and-browser.ts';
import { overlaps } from './support/boxes.ts';

const SHOTS = '/tmp/shots';
const WIDTHS = [360, 1280] as const;

const receipt = (page: Page) => page.getByTestId('read-receipt');
const row = (page: Page, text: string) => page.locator('article[data-message-id]').filter({ hasText: text });

describe.skipIf(!hasChromium)('read receipts', () => {
  let stoop: RunningStoop;
  let browser: Browser;
  let nadia: Resident;
  let omar: Resident;
  let priya: Resident;
  let channelUrl: string;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ stoop, browser, nadia, omar, channelUrl } = await startNeighbours());
    priya = await createResident(stoop.url, 'Priya Shah');
  }, 300_000);
  afterAll(() => stopStoopAndBrowser({ stoop, browser }));

  async function signedIn(who: Resident, width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 740 : 800 } });
    const page = await context.newPage();
    await logInThroughForm(page, stoop.url, who.email, who.password);
    return page;
  }

  async function send(page: Page, text: string) {
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill(text);
    await composer.press('Enter');
    await row(page, text).waitFor();
  }

  it('R-RECEIPT-4: "Seen" in a direct conversation once the other opens it, live', async () => {
    const { conversation } = await nadia.api.request<{ conversation: { id: string } }>(
      'POST',
      '/api/conversations',
      { type: 'direct', participantIds: [omar.id] },
    );
    const directUrl = `${stoop.url}${WEB_PATHS.conversation('direct', conversation.id)}`;
    for (const width of WIDTHS) {
      const [nadiaPage, omarPage] = await Promise.all([signedIn(nadia, width), signedIn(omar, width)]);
      await nadiaPage.goto(directUrl);
      const text = `Parcel for you at the desk (${width})`;
      await send(nadiaPage, text);
      // Omar has not opened it yet: no receipt.
      await nadiaPage.waitForTimeout(500);
      await expect(receipt(nadiaPage).count()).resolves.toBe(0);

      const opened = Date.now();
      await omarPage.goto(directUrl);
      await row(omarPage, text).waitFor();
      await receipt(nadiaPage).waitFor({ timeout: 10_000 });
      const seenAfterMs = Date.now() - opened;
      expect(await receipt(nadiaPage).textContent()).toBe('Seen');
      // Right under her own newest message.
      const under = await receipt(nadiaPage).evaluate((el) => el.previousElementSibling?.textContent ?? '');
      expect(under).toContain(text);
      // Nothing sideways on a phone.
      const overflow = await nadiaPage.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await nadiaPage.screenshot({ path: `${SHOTS}/receipt-direct-${width}.png` });
      console.info(`receipt-direct-${width}: seen ${seenAfterMs} ms after the other page started opening`);

      // A new message of hers moves the receipt off until Omar, still there, sees it live.
      const next = `And the key is under the mat (${width})`;
      await send(nadiaPage, next);
      await expect
        .poll(() => receipt(nadiaPage).evaluate((el) => el.previousElementSibling?.textContent ?? ''), {
          timeout: 10_000,
        })
        .toContain(next);
      await Promise.all([nadiaPage.context().close(), omarPage.context().close()]);
    }
  });

  it('R-RECEIPT-6: "Seen by N" in a channel as the others read live with it open', async () => {
    // A channel's participants are those who posted in it (following it is not taking part).
    const conversationId = channelUrl.split('/').pop()!;
    for (const who of [omar, priya])
      await who.api.request('POST', `/api/conversations/${conversationId}/messages`, {
        content: `${who.username} is in`,
      });
    for (const width of WIDTHS) {
      const [nadiaPage, omarPage, priyaPage] = await Promise.all([
        signedIn(nadia, width),
        signedIn(omar, width),
        signedIn(priya, width),
      ]);
      // Opening the channel makes Omar and Priya its participants; both stay on it, at its newest.
      await Promise.all([nadiaPage.goto(channelUrl), omarPage.goto(channelUrl), priyaPage.goto(channelUrl)]);
      const composerOf = (page: Page) => page.getByRole('textbox', { name: 'Message' });
      await Promise.all([nadiaPage, omarPage, priyaPage].map((page) => composerOf(page).waitFor()));

      // What each reader's page reports read (R-RECEIPT-6), counted from here on.
      const reported = { omar: 0, priya: 0 };
      omarPage.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith(`/api/conversations/${conversationId}/read`))
          reported.omar += 1;
      });
      priyaPage.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith(`/api/conversations/${conversationId}/read`))
          reported.priya += 1;
      });
      const text = `Coffee in the courtyard at ten (${width})`;
      const sent = Date.now();
      await send(nadiaPage, text);
      // Neither reader touches anything: the message arriving in front of them reads it.
      await Promise.all([row(omarPage, text).waitFor(), row(priyaPage, text).waitFor()]);
      await expect
        .poll(
          () =>
            receipt(nadiaPage)
              .textContent()
              .catch(() => ''),
          { timeout: 15_000 },
        )
        .toBe('Seen by 2');
      const seenAfterMs = Date.now() - sent;
      expect(reported.omar).toBeGreaterThan(0);
      expect(reported.priya).toBeGreaterThan(0);
      const under = await receipt(nadiaPage).evaluate((el) => el.previousElementSibling?.textContent ?? '');
      expect(under).toContain(text);
      // Named on hover.
      const title = await receipt(nadiaPage).getByRole('button').getAttribute('title');
      expect(title).toContain(omar.username);
      expect(title).toContain(priya.username);
      const overflow = await nadiaPage.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await nadiaPage.screenshot({ path: `${SHOTS}/receipt-channel-${width}.png` });
      console.info(`receipt-channel-${width}: seen by 2 ${seenAfterMs} ms after sending`);
      await Promise.all([nadiaPage, omarPage, priyaPage].map((page) => page.context().close()));
    }
    // Three browsers at two widths on a shared machine.
  }, 240_000);

  it('R-RECEIPT-7: the switch in the account settings turns receipts off both ways, and on again', async () => {
    const { conversation } = await omar.api.request<{ conversation: { id: string } }>(
      'POST',
      '/api/conversations',
      { type: 'direct', participantIds: [priya.id] },
    );
    const directUrl = `${stoop.url}${WEB_PATHS.conversation('direct', conversation.id)}`;
    for (const width of WIDTHS) {
      const [omarPage, priyaPage] = await Promise.all([signedIn(omar, width), signedIn(priya, width)]);
      await omarPage.goto(`${stoop.url}/account_settings`);
      const toggle = omarPage.getByRole('switch', { name: 'Read receipts' });
      await toggle.scrollIntoViewIfNeeded();
      expect(await toggle.isChecked()).toBe(true);
      await toggle.click();
      await expect.poll(() => toggle.isChecked(), { timeout: 15_000 }).toBe(false);
      const toast = omarPage.locator('[data-sonner-toast]').filter({ hasText: 'Read receipts are off.' });
      await toast.waitFor({ timeout: 15_000 });
      await omarPage.waitForTimeout(500); // the enter animation, and the clearance's next frame
      await omarPage.screenshot({ path: `${SHOTS}/receipt-setting-off-${width}.png` });
      // R-PWA-10: the toast covers neither the switch nor the rule it explains.
      const explanation = omarPage.getByText(/When this is off, others don.t see/);
      const [toastBox, switchBox, explanationBox] = await Promise.all([
        toast.boundingBox(),
        toggle.boundingBox(),
        explanation.boundingBox(),
      ]);
      expect(toastBox && switchBox && explanationBox).toBeTruthy();
      expect(overlaps(toastBox!, explanationBox!), `toast ${JSON.stringify(toastBox)}`).toBe(false);
      expect(overlaps(toastBox!, switchBox!)).toBe(false);
      expect(toastBox!.y).toBeGreaterThanOrEqual(0);

      // Priya's message, read by Omar: she sees no "Seen" for him.
      await Promise.all([omarPage.goto(directUrl), priyaPage.goto(directUrl)]);
      // Both at the conversation, live, before anyone writes (as in the channel's case).
      await Promise.all(
        [omarPage, priyaPage].map((page) => page.getByRole('textbox', { name: 'Message' }).waitFor()),
      );
      const fromPriya = `Spare chairs for Sunday? (${width})`;
      await send(priyaPage, fromPriya);
      await row(omarPage, fromPriya).waitFor();
      // And his, read by her: he sees none of hers either.
      const fromOmar = `Two, at my door (${width})`;
      await send(omarPage, fromOmar);
      await row(priyaPage, fromOmar).waitFor();
      await priyaPage.waitForTimeout(3000); // past the read report's delay
      await expect(receipt(omarPage).count()).resolves.toBe(0);
      await expect(receipt(priyaPage).count()).resolves.toBe(0);

      // On again: his own message shows her "Seen".
      await omarPage.goto(`${stoop.url}/account_settings`);
      await toggle.click();
      await expect.poll(() => toggle.isChecked(), { timeout: 15_000 }).toBe(true);
      await omarPage.goto(directUrl);
      await receipt(omarPage).waitFor({ timeout: 15_000 });
      expect(await receipt(omarPage).textContent()).toBe('Seen');
      await Promise.all([omarPage.context().close(), priyaPage.context().close()]);
    }
  }, 240_000);
});
