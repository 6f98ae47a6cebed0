/**
 * Images in the chat, in real Chromium at a phone's 360 px and a desktop's 1280 px: files picked,
 * pasted and dropped wait in the composer with a preview each, can be removed or replaced, and go
 * out one message per file with the text on the first, showing upload progress (R-UPLOAD-10); the
 * image viewer goes through the conversation's images by key and swipe, zooms, downloads and closes
 * on Escape (R-VIEW-1).
 * Screenshots go to /tmp/shots/.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium } from './support/browser.ts';
import { createResident, logInThroughForm, type Resident } from './support/community.ts';
import { VIEWPORTS, pageAt } from './support/viewports.ts';
import {
  startStoopAndBrowser,
  stopStoopAndBrowser,
  type StoopAndBrowser,
} from './support/stoop-and-browser.ts';

const SHOTS = '/tmp/shots';

/** A PNG drawn in the page: a colour with a label, or noise (large, so its upload takes a while). */
async function drawPng(page: Page, colour: string, noise = false): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ colour, noise }) => {
      const canvas = document.createElement('canvas');
      canvas.width = noise ? 600 : 480;
      canvas.height = noise ? 600 : 320;
      const context = canvas.getContext('2d')!;
      if (noise) {
        const pixels = context.createImageData(canvas.width, canvas.height);
        for (let i = 0; i < pixels.data.length; i += 1) pixels.data[i] = (i * 7919 + (i >> 3) * 104729) % 251;
        context.putImageData(pixels, 0, 0);
      } else {
        context.fillStyle = colour;
        context.fillRect(0, 0, canvas.width, canvas.height);
        context.fillStyle = '#fff';
        context.font = '48px sans-serif';
        context.fillText(colour, 24, 180);
      }
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { colour, noise },
  );
  return Buffer.from(base64, 'base64');
}

/** Pastes (or drops) a drawn image on the composer the way the browser hands one over. */
async function handOver(page: Page, how: 'paste' | 'drop', name: string, png: Buffer): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).evaluate(
    (box, { how, name, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type: 'image/png' }));
      if (how === 'paste') {
        box.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      } else {
        box.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
        box.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
      }
    },
    { how, name, base64: png.toString('base64') },
  );
}

describe.skipIf(!hasChromium)('chat images: composer previews, paste, drop, several files', () => {
  let running: StoopAndBrowser;
  let nadia: Resident;

  beforeAll(async () => {
    running = await startStoopAndBrowser();
    nadia = await createResident(running.stoop.url, 'Nadia Okafor');
  }, 300_000);
  afterAll(() => stopStoopAndBrowser(running ?? {}));

  for (const viewport of VIEWPORTS) {
    it(`${viewport.name} px: picks, pastes and drops images, removes and replaces one, sends them with the text`, async () => {
      mkdirSync(SHOTS, { recursive: true });
      const { stoop, browser } = running;
      const { conversation } = await nadia.api.request<{ conversation: { id: string } }>(
        'POST',
        '/api/conversations',
        { type: 'channel', name: `photos-${viewport.name}` },
      );
      const page = await pageAt(browser, viewport);
      await logInThroughForm(page, stoop.url, nadia.email, nadia.password);
      await page.goto(`${stoop.url}/main_dashboard/conversations/channel/${conversation.id}`);
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.waitFor();
      const tray = page.getByTestId('composer-file');

      // Two picked at once, each with its thumbnail.
      await page.locator('input[type="file"][aria-label="Attach a file"]').setInputFiles([
        { name: 'courtyard.png', mimeType: 'image/png', buffer: await drawPng(page, 'seagreen') },
        { name: 'wrong.png', mimeType: 'image/png', buffer: await drawPng(page, 'gray') },
      ]);
      await expect.poll(() => tray.count()).toBe(2);
      await page.getByRole('img', { name: 'Preview of courtyard.png' }).waitFor();
      // The wrong one removed, the first replaced by another picture.
      await page.getByRole('button', { name: 'Remove wrong.png' }).click();
      await expect.poll(() => tray.count()).toBe(1);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Replace courtyard.png' }).click();
      await (
        await chooser
      ).setFiles({ name: 'garden.png', mimeType: 'image/png', buffer: await drawPng(page, 'darkorange') });
      await page.getByRole('img', { name: 'Preview of garden.png' }).waitFor();
      // One pasted, one dropped; the text typed before stays.
      await box.fill('Photos of the garden day');
      await handOver(page, 'paste', 'pasted.png', await drawPng(page, 'steelblue'));
      await handOver(page, 'drop', 'dropped.png', await drawPng(page, 'purple'));
      await expect.poll(() => tray.count()).toBe(3);
      expect(await box.inputValue()).toBe('Photos of the garden day');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.screenshot({ path: `${SHOTS}/composer-previews-${viewport.name}.png` });

      // One message per file, in the order shown, the text with the first.
      await box.press('Enter');
      await expect.poll(() => tray.count()).toBe(0);
      expect(await box.inputValue()).toBe('');
      const images = page.locator('article img');
      await expect.poll(() => images.count(), { timeout: 20_000 }).toBe(3);
      const alts = await images.evaluateAll((found) => found.map((img) => img.getAttribute('alt')));
      expect(alts).toEqual(['garden.png', 'pasted.png', 'dropped.png']);
      const first = page.locator('article', { has: page.getByRole('img', { name: 'garden.png' }) });
      await first.getByText('Photos of the garden day').waitFor();

      // A large one on a slow link shows its progress; the text typed meanwhile is kept.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: 200 * 1024,
      });
      await page
        .locator('input[type="file"][aria-label="Attach a file"]')
        .setInputFiles({ name: 'noise.png', mimeType: 'image/png', buffer: await drawPng(page, '', true) });
      await box.fill('And a big one');
      await box.press('Enter');
      await box.fill('Still typing while it goes');
      // This message's own bar: an earlier message's may still stand at 100 % until the server
      // confirms it, on a loaded machine.
      const progress = page
        .locator('article', { hasText: 'And a big one' })
        .getByRole('progressbar', { name: 'Upload progress' });
      await progress.waitFor();
      await page.screenshot({ path: `${SHOTS}/composer-progress-${viewport.name}.png` });
      await expect.poll(() => images.count(), { timeout: 30_000 }).toBe(4);
      await progress.waitFor({ state: 'detached' });
      expect(await box.inputValue()).toBe('Still typing while it goes');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await page.screenshot({ path: `${SHOTS}/composer-sent-${viewport.name}.png` });

      // The viewer: opened on the first image, then keys, buttons and a swipe between the four.
      const opener = page.getByRole('link', { name: 'Open image garden.png' });
      await opener.click();
      const viewer = page.getByRole('dialog', { name: 'Image viewer' });
      await viewer.getByText('1 of 4').waitFor();
      await page.keyboard.press('ArrowRight');
      await viewer.getByText('2 of 4').waitFor();
      await viewer.getByRole('img', { name: 'pasted.png' }).waitFor();
      // A swipe to the left is the next image.
      const picture = viewer.getByRole('img', { name: 'pasted.png' });
      const area = (await picture.boundingBox())!;
      await page.mouse.move(area.x + area.width * 0.8, area.y + area.height / 2);
      await page.mouse.down();
      await page.mouse.move(area.x + area.width * 0.2, area.y + area.height / 2, { steps: 5 });
      await page.mouse.up();
      await viewer.getByText('3 of 4').waitFor();
      await viewer.getByRole('button', { name: 'Next image' }).click();
      await viewer.getByText('4 of 4').waitFor();
      expect(await viewer.getByRole('button', { name: 'Next image' }).isDisabled()).toBe(true);
      await page.keyboard.press('ArrowLeft');
      await viewer.getByText('3 of 4').waitFor();
      await viewer.getByRole('button', { name: 'Zoom in' }).click();
      await viewer.locator('img[data-zoom="2"]').waitFor();
      await page.screenshot({ path: `${SHOTS}/viewer-zoomed-${viewport.name}.png` });
      await viewer.getByRole('button', { name: 'Zoom out' }).click();
      await viewer.locator('img[data-zoom="1"]').waitFor();
      await page.screenshot({ path: `${SHOTS}/viewer-${viewport.name}.png` });
      const download = page.waitForEvent('download');
      await viewer.getByRole('link', { name: 'Download' }).click();
      expect((await download).suggestedFilename()).toBe('dropped.png');
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
      expect(await opener.evaluate((link) => link === document.activeElement)).toBe(true);
      await page.context().close();
    });
  }
});
