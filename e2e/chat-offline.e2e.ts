/**
 * Conversations read before, offline, in real Chromium at 360 px and 1280 px (R-CACHE-11): after a
 * reload without network the authors keep their names and the poll and event cards their content;
 * back online, a neighbour who first wrote meanwhile is named, not "Someone". Screenshots go to
 * /tmp/shots/.
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

/** A service worker controls the page (the first visit reloads once: it does not claim it). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
}

describe.skipIf(!hasChromium)('chat offline: names, polls and events of conversations read before', () => {
  let running: StoopAndBrowser;
  let nadia: Resident;
  let omar: Resident;

  beforeAll(async () => {
    running = await startStoopAndBrowser();
    nadia = await createResident(running.stoop.url, 'Nadia Okafor');
    omar = await createResident(running.stoop.url, 'Omar Haddad');
  }, 300_000);
  afterAll(() => stopStoopAndBrowser(running ?? {}));

  for (const viewport of VIEWPORTS) {
    it(`${viewport.name} px: keeps names and cards after an offline reload and names a newcomer once back`, async () => {
      mkdirSync(SHOTS, { recursive: true });
      const { stoop, browser } = running;
      const { conversation } = await omar.api.request<{ conversation: { id: string } }>(
        'POST',
        '/api/conversations',
        { type: 'channel', name: `stairwell-${viewport.name}` },
      );
      const channel = conversation.id;
      await omar.api.request('POST', `/api/conversations/${channel}/messages`, {
        content: 'The stairwell light is fixed',
      });
      await omar.api.request('POST', `/api/conversations/${channel}/polls`, {
        question: 'Paint the stairwell green?',
        options: ['Yes', 'No'],
        multiple: false,
        anonymous: false,
      });
      const startsAt = new Date(Date.now() + 3 * 86_400_000);
      await omar.api.request('POST', '/api/events', {
        title: 'Painting afternoon',
        location: 'Stairwell B',
        description: 'Bring a brush',
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
        conversationId: channel,
      });

      const page = await pageAt(browser, viewport);
      await logInThroughForm(page, stoop.url, nadia.email, nadia.password);
      await waitForServiceWorker(page);
      await page.goto(`${stoop.url}/main_dashboard/conversations/channel/${channel}`);
      const list = page.getByRole('main');
      await list.getByText('Paint the stairwell green?').waitFor({ timeout: 15_000 });
      await list.getByText('Painting afternoon').first().waitFor();
      await list.getByText('Omar Haddad').first().waitFor();

      await page.context().setOffline(true);
      await page.reload();
      await list.getByText('The stairwell light is fixed').waitFor({ timeout: 15_000 });
      await list.getByText('Paint the stairwell green?').waitFor();
      await list.getByText('Painting afternoon').first().waitFor();
      await list.getByText('Omar Haddad').first().waitFor();
      expect(await list.getByText('Someone', { exact: true }).count()).toBe(0);
      expect(await list.getByText(/could not be loaded/).count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/offline-cards-${viewport.name}.png` });

      // A neighbour new to the directory writes while this page is offline.
      const priya = await createResident(stoop.url, `Priya Shah ${viewport.name}`);
      await priya.api.request('POST', `/api/conversations/${channel}/messages`, { content: 'Count me in' });
      await page.context().setOffline(false);
      const newcomer = page.locator('article', { hasText: 'Count me in' });
      await newcomer.waitFor({ timeout: 30_000 });
      await newcomer.getByText(`Priya Shah ${viewport.name}`).waitFor({ timeout: 15_000 });
      expect(await list.getByText('Someone', { exact: true }).count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/offline-back-${viewport.name}.png` });
      await page.context().close();
    });
  }
});
