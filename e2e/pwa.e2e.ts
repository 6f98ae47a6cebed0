import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, appendFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchChromium } from './support/browser.ts';
import { createResident, logInThroughForm } from './support/community.ts';
import { startStoop, type RunningStoop } from './support/server.ts';

const webDist = new URL('../packages/web/dist', import.meta.url).pathname;
const compressScript = new URL('../scripts/compress-web.mjs', import.meta.url).pathname;

/**
 * Resolves once a service worker controls the page. The worker does not claim the page that
 * installed it (an update must never swap code under a resident), so the first visit reloads once.
 */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
}

describe.skipIf(!hasChromium)(
  'PWA: service worker, offline shell and update prompt (R-PWA-1, R-PWA-2)',
  () => {
    let stoop: RunningStoop;
    let browser: Browser;
    let distCopy: string;

    beforeAll(async () => {
      // A copy of the build, so the test can deploy a "new build" while a page is open.
      distCopy = mkdtempSync(join(tmpdir(), 'stoop-dist-'));
      cpSync(webDist, distCopy, { recursive: true });
      stoop = await startStoop({ env: { WEB_DIST_DIR: distCopy } });
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
      await stoop?.stop();
      rmSync(distCopy, { recursive: true, force: true });
    });

    it('installs its service worker, says it is ready offline, and opens the shell offline', async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${stoop.url}/web-home`);
      // The first install raises the offline-ready flag, shown as a toast. It comes once the service
      // worker has fetched and stored every precached asset: 5–8 s on a quiet two-core machine
      // running the whole suite, three times that on a starved one.
      await expect
        .poll(() => page.getByText('Stoop is ready to work offline').count(), { timeout: 45_000 })
        .toBeGreaterThan(0);
      await waitForServiceWorker(page);
      const manifest = await page.evaluate(
        async () => (await fetch('/manifest.webmanifest')).json() as Promise<unknown>,
      );
      expect(manifest).toMatchObject({ name: 'Stoop', display: 'standalone' });

      await context.setOffline(true);
      await page.goto(`${stoop.url}/contact`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await context.setOffline(false);
      await context.close();
    });

    it('opens a conversation read before, offline, from the service worker cache', async () => {
      const resident = await createResident(stoop.url, 'Offline Olga');
      const { conversation } = await resident.api.request<{ conversation: { id: string } }>(
        'POST',
        '/api/conversations',
        {
          type: 'channel',
          name: 'rooftop-garden',
          description: 'Tomatoes and gossip',
        },
      );
      const text = `Watering rota is on the door, ${Date.now()}`;
      await resident.api.request('POST', `/api/conversations/${conversation.id}/messages`, { content: text });

      const context = await browser.newContext();
      const page = await context.newPage();
      await logInThroughForm(page, stoop.url, resident.email, resident.password);
      await waitForServiceWorker(page);
      const channelUrl = `${stoop.url}/main_dashboard/conversations/channel/${conversation.id}`;
      await page.goto(channelUrl);
      await page.getByText(text).waitFor({ timeout: 15_000 });

      await context.setOffline(true);
      await page.reload();
      // The shell comes from the precache, the conversation list and its messages from the API cache.
      await page.getByText(text).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('link', { name: /rooftop-garden/ }).count()).toBeGreaterThan(0);
      await context.setOffline(false);
      await context.close();
    });

    it('shows the update prompt when a new build is deployed while a page is open, and reloads into it', async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${stoop.url}/web-home`);
      await waitForServiceWorker(page);

      // "Deploy" a new build: any byte change of sw.js is a new service worker version. A build
      // writes the precompressed twins too (R-OPS-10), so the deploy rewrites them as well.
      appendFileSync(join(distCopy, 'sw.js'), `\n// build ${Date.now()}\n`);
      execFileSync(process.execPath, [compressScript, distCopy]);
      // The hourly check (R-PWA-2: every 3600 s), triggered now instead of waiting an hour.
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      const prompt = page.getByText('A new version of Stoop is available');
      await prompt.waitFor({ timeout: 30_000 });

      await Promise.all([
        page.waitForEvent('load', { timeout: 30_000 }),
        page.getByRole('button', { name: 'Reload' }).click(),
      ]);
      await waitForServiceWorker(page);
      expect(await prompt.count()).toBe(0);
      await context.close();
      // Its own steps may take up to 30 s each (the new worker precaches the whole build again):
      // 21 s on a quiet machine, past the 90 s default when the machine runs four suites at once.
    }, 240_000);
  },
);
