import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { wcagViolations } from './support/axe.ts';
import { startStoopAndBrowser, stopStoopAndBrowser } from './support/stoop-and-browser.ts';
import { hasChromium } from './support/browser.ts';
import { createResident, logInThroughForm } from './support/community.ts';
import { ADMIN, type RunningStoop } from './support/server.ts';

/** The bell's accessible name carries the unread count (R-NOTIF-1). */
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

/**
 * Resolves once a service worker controls the page; the worker does not claim the page that
 * installed it, so the first visit reloads once (as in pwa.e2e.ts).
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

/** Two browser contexts and a server on a shared two-core machine: more than the default 90 s. */
const FLOW_TIMEOUT_MS = 180_000;

describe.skipIf(!hasChromium)('people and news in Chromium', () => {
  let stoop: RunningStoop;
  let browser: Browser;

  beforeAll(async () => {
    ({ stoop, browser } = await startStoopAndBrowser());
  });
  afterAll(() => stopStoopAndBrowser({ stoop, browser }));

  it(
    'R-NOTIF-4, R-ANN-3: an admin posts an announcement; a resident gets it live, opens it from the bell, and the badge clears',
    async () => {
      const resident = await createResident(stoop.url, 'Reading Rosa');
      // The approval notice is not what this test is about.
      await resident.api.request('POST', '/api/notifications/mark-read');

      const residentContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const rosa = await residentContext.newPage();
      await logInThroughForm(rosa, stoop.url, resident.email, resident.password);
      await rosa.goto(`${stoop.url}/main_dashboard/chat-intro`);
      await bell(rosa).waitFor();
      expect(await bell(rosa).getAttribute('aria-label')).toBe('Notifications');

      const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const admin = await adminContext.newPage();
      await logInThroughForm(admin, stoop.url, ADMIN.email, ADMIN.password);
      await admin.goto(`${stoop.url}/admin_dashboard/announcements`);
      const title = `Boiler service ${Date.now()}`;
      await admin.getByLabel('Title').fill(title);
      await admin.getByLabel('Text').fill('Hot water is off **Thursday morning**.');
      await admin.getByRole('button', { name: 'Post announcement' }).click();
      await admin.getByText(title).first().waitFor();

      // Live: the badge rises without a reload.
      await rosa.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 15_000 });
      await rosa.getByTestId('notification-badge').waitFor();
      await bell(rosa).click();
      await rosa.getByRole('link', { name: new RegExp(title) }).click();
      await rosa.waitForURL(/\/main_dashboard\/announcements$/);
      await rosa.getByText(title).first().waitFor();
      // The body is markdown, rendered.
      await rosa.locator('strong', { hasText: 'Thursday morning' }).first().waitFor();
      await rosa.getByRole('button', { name: 'Notifications' }).waitFor();
      expect(await rosa.getByTestId('notification-badge').count()).toBe(0);
      // Read on the server too: a fresh load shows no badge.
      await rosa.reload();
      await bell(rosa).waitFor();
      expect(await bell(rosa).getAttribute('aria-label')).toBe('Notifications');

      await adminContext.close();
      await residentContext.close();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'R-PROFILE-0: the directory page has no WCAG A/AA violations',
    async () => {
      await createResident(stoop.url, 'Directory Dora');
      const resident = await createResident(stoop.url, 'Axe Abel');
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      await logInThroughForm(page, stoop.url, resident.email, resident.password);
      await page.goto(`${stoop.url}/main_dashboard/residents`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.getByText('Directory Dora').first().waitFor();
      const found = await wcagViolations(page);
      await context.close();
      expect(found).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'R-CACHE-8, R-CACHE-9, R-CACHE-10: a message written offline survives a reload and reaches the other resident once',
    async () => {
      const omar = await createResident(stoop.url, 'Offline Omar');
      const nadia = await createResident(stoop.url, 'Online Nadia');
      const { conversation } = await omar.api.request<{ conversation: { id: string } }>(
        'POST',
        '/api/conversations',
        {
          type: 'direct',
          participantIds: [nadia.id],
          name: '',
          description: '',
        },
      );
      const path = `/main_dashboard/conversations/direct/${conversation.id}`;
      await omar.api.request('POST', `/api/conversations/${conversation.id}/messages`, {
        content: 'Parcel for you?',
      });

      const omarContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const omarPage = await omarContext.newPage();
      await logInThroughForm(omarPage, stoop.url, omar.email, omar.password);
      await waitForServiceWorker(omarPage);
      await omarPage.goto(`${stoop.url}${path}`);
      await omarPage.getByText('Parcel for you?').waitFor({ timeout: 15_000 });

      const nadiaContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const nadiaPage = await nadiaContext.newPage();
      await logInThroughForm(nadiaPage, stoop.url, nadia.email, nadia.password);
      await nadiaPage.goto(`${stoop.url}${path}`);
      await nadiaPage.getByText('Parcel for you?').waitFor({ timeout: 15_000 });

      await omarContext.setOffline(true);
      // The page learns it is offline a moment later; a message written before then would go out.
      await omarPage.waitForFunction(() => !navigator.onLine);
      const text = `Left it by your door ${Date.now()}`;
      const composer = omarPage.getByRole('textbox', { name: 'Message' });
      await composer.fill(text);
      await composer.press('Enter');
      const pending = omarPage.locator('article', { hasText: text });
      await pending.getByText('Waiting for connection…').waitFor();

      // Offline reload: the shell, the conversation and the queued message all come back.
      await omarPage.reload();
      await omarPage.getByText('Parcel for you?').waitFor({ timeout: 15_000 });
      await pending.getByText('Waiting for connection…').waitFor({ timeout: 15_000 });
      expect(await nadiaPage.locator('article', { hasText: text }).count()).toBe(0);

      await omarContext.setOffline(false);
      await nadiaPage.locator('article', { hasText: text }).waitFor({ timeout: 30_000 });
      await pending.getByText('Waiting for connection…').waitFor({ state: 'detached', timeout: 30_000 });
      // Exactly once, on both screens and on the server.
      expect(await nadiaPage.locator('article', { hasText: text }).count()).toBe(1);
      expect(await omarPage.locator('article', { hasText: text }).count()).toBe(1);
      const history = await nadia.api.request<{ messages: { content: string }[] }>(
        'GET',
        `/api/conversations/${conversation.id}/messages`,
      );
      expect(history.messages.filter((m) => m.content === text)).toHaveLength(1);

      await nadiaContext.close();
      await omarContext.close();
    },
    FLOW_TIMEOUT_MS,
  );
});
