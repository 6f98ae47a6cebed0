/**
 * R-PWA-10 in Chromium at 360 and 1280 px: the "ready to work offline" toast, which the first visit
 * raises while a conversation opens, covers neither the composer nor the newest message.
 * Screenshots go to /tmp/shots/.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ApiSession } from './support/api.ts';
import { hasChromium } from './support/browser.ts';
import { startNeighbours } from './support/neighbours.ts';
import type { Resident } from './support/community.ts';
import type { RunningStoop } from './support/server.ts';
import { stopStoopAndBrowser } from './support/stoop-and-browser.ts';
import { overlaps } from './support/boxes.ts';

const SHOTS = '/tmp/shots';
const WIDTHS = [360, 1280] as const;

describe.skipIf(!hasChromium)('toasts keep off the composer and the newest message', () => {
  let stoop: RunningStoop;
  let browser: Browser;
  let nadia: Resident;
  let channelUrl: string;
  let conversationId: string;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ stoop, browser, nadia, channelUrl, conversationId } = await startNeighbours());
    for (let n = 1; n <= 12; n += 1)
      await nadia.api.request('POST', `/api/conversations/${conversationId}/messages`, {
        content: n === 12 ? 'The newest: bins go out tonight, the green one too' : `Note ${n}`,
      });
  }, 300_000);
  afterAll(() => stopStoopAndBrowser({ stoop, browser }));

  for (const width of WIDTHS) {
    it(`R-PWA-10: ${width} px, the offline-ready toast sits above the newest message and the composer`, async () => {
      // Signed in by cookie, so the conversation is the first page: the service worker installs
      // while it opens, and its toast comes up over the conversation, as on a first visit.
      const session = new ApiSession(stoop.url);
      await session.login(nadia.email, nadia.password);
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 740 : 800 } });
      await context.addCookies(session.browserCookies());
      const page = await context.newPage();
      await page.goto(channelUrl);
      const newest = page.locator('article[data-message-id]').filter({ hasText: 'The newest' });
      await newest.waitFor();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Stoop is ready to work offline' });
      await toast.waitFor({ timeout: 30_000 });
      await page.waitForTimeout(500); // the enter animation
      const [toastBox, newestBox, composerBox] = await Promise.all([
        toast.boundingBox(),
        newest.boundingBox(),
        page.locator('[data-toast-avoid]').boundingBox(),
      ]);
      await page.screenshot({ path: `${SHOTS}/toast-offline-ready-${width}.png` });
      expect(toastBox && newestBox && composerBox).toBeTruthy();
      expect(overlaps(toastBox!, composerBox!)).toBe(false);
      expect(overlaps(toastBox!, newestBox!)).toBe(false);
      // Still on the screen.
      expect(toastBox!.y).toBeGreaterThanOrEqual(0);
      await context.close();
    }, 120_000);
  }
});
