/**
 * Link previews in real Chromium at a phone's 360 px and a desktop's 1280 px (R-PREVIEW-1,
 * R-PREVIEW-5, R-PREVIEW-6): a neighbour's message with a link gets its card live, from a real page
 * with Open Graph tags served on 127.0.0.1 (reachable because FEED_ALLOW_PRIVATE_ADDRESSES is set, as
 * for feeds); the card fits the width, its image is the server's copy; opening the conversation
 * again lands on the newest message under the card; the author removes it with its ✕.
 * Screenshots go to /tmp/shots/.
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchChromium } from './support/browser.ts';
import { createResident, logInThroughForm, type Resident } from './support/community.ts';
import { startStoop, type RunningStoop } from './support/server.ts';
import { VIEWPORTS, pageAt } from './support/viewports.ts';

const SHOTS = '/tmp/shots';

describe.skipIf(!hasChromium)('chat: link previews', () => {
  let stoop: RunningStoop;
  let browser: Browser;
  let nadia: Resident;
  let site: Server;
  let siteUrl = '';
  const imageHits: string[] = [];

  beforeAll(async () => {
    const photo = await sharp({
      create: { width: 600, height: 315, channels: 3, background: '#2f855a' },
    })
      .png()
      .toBuffer();
    site = createServer((request, response) => {
      if (request.url === '/garden.png') {
        imageHits.push(request.headers['user-agent'] ?? '');
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(photo);
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html><head><title>Garden</title>
        <meta property="og:title" content="The roof garden opens on Saturday">
        <meta property="og:description" content="Bring gloves and a cup: planting starts at ten, coffee from the bakery on the corner, and a long description that goes on past two lines on a phone.">
        <meta property="og:site_name" content="Block News">
        <meta property="og:image" content="/garden.png"></head><body>Garden</body></html>`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    stoop = await startStoop({ env: { FEED_ALLOW_PRIVATE_ADDRESSES: '1' } });
    browser = await launchChromium();
    nadia = await createResident(stoop.url, 'Nadia Okafor');
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await stoop?.stop();
    site?.closeAllConnections();
    await new Promise((resolve) => site?.close(resolve));
  });

  const fits = async (page: Page, width: number) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  for (const viewport of VIEWPORTS) {
    it(`${viewport.name} px: the card arrives live, fits, lands at the newest message, and its author removes it`, async () => {
      mkdirSync(SHOTS, { recursive: true });
      const { conversation } = await nadia.api.request<{ conversation: { id: string } }>(
        'POST',
        '/api/conversations',
        { type: 'channel', name: `garden-${viewport.name}` },
      );
      const channelUrl = `${stoop.url}/main_dashboard/conversations/channel/${conversation.id}`;
      for (let n = 1; n <= 12; n += 1)
        await nadia.api.request('POST', `/api/conversations/${conversation.id}/messages`, {
          content: `Earlier note ${n}`,
        });
      const page = await pageAt(browser, viewport);
      await logInThroughForm(page, stoop.url, nadia.email, nadia.password);
      await page.goto(channelUrl);
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.waitFor();
      await box.fill(`Planting day! ${siteUrl}/garden`);
      await box.press('Enter');

      // Live: the card comes after the send, with the server's copy of the image.
      const card = page.getByTestId('link-preview');
      await card.waitFor({ timeout: 15_000 });
      await expect.poll(() => card.getByRole('link').textContent()).toBe('The roof garden opens on Saturday');
      expect(await card.textContent()).toContain('Block News');
      const src = await card.locator('img').getAttribute('src');
      expect(src).toMatch(/^data:image\/webp;base64,/);
      expect(imageHits).not.toHaveLength(0);
      await fits(page, viewport.width);
      await page.screenshot({ path: `${SHOTS}/link-preview-${viewport.name}-live.png` });

      // Opened again, the conversation lands on the newest message, the card whole in view.
      await page.goto(`${stoop.url}/main_dashboard`);
      await page.goto(channelUrl);
      await card.waitFor();
      await page.waitForTimeout(800);
      const cardBox = (await card.boundingBox())!;
      const composer = (await box.boundingBox())!;
      expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(composer.y + 1);
      expect(cardBox.y).toBeGreaterThanOrEqual(0);
      await fits(page, viewport.width);
      await page.screenshot({ path: `${SHOTS}/link-preview-${viewport.name}-reopened.png` });

      // The author's ✕ removes it.
      await card.getByRole('button', { name: 'Remove link preview' }).click();
      await card.waitFor({ state: 'detached' });
      await page.screenshot({ path: `${SHOTS}/link-preview-${viewport.name}-removed.png` });
      await page.context().close();
    });
  }
});
