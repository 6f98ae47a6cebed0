import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasChromium } from './support/browser.ts';
import { startStoopAndBrowser, stopStoopAndBrowser } from './support/stoop-and-browser.ts';
import { ADMIN, type RunningStoop } from './support/server.ts';
import { ApiSession } from './support/api.ts';

describe.skipIf(!hasChromium)('foundation: sign up, wait for approval, reach the dashboard', () => {
  let stoop: RunningStoop;
  let browser: Browser;

  beforeAll(async () => {
    ({ stoop, browser } = await startStoopAndBrowser());
  });
  afterAll(() => stopStoopAndBrowser({ stoop, browser }));

  it('R-GUARD-3, R-LOCK-1, R-LOCK-2: a new resident signs up, lands on awaiting-approval, is approved and reaches /main_dashboard', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${stoop.url}/signup`);
    await page.getByLabel('Username').fill('Nadia Okafor');
    await page.getByLabel('Email').fill('nadia@e2e.test');
    await page.getByLabel('Password', { exact: true }).fill('a-good-long-password');
    await page.getByLabel(/I accept/).check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(/\/awaiting-approval$/);

    // A locked resident is confined to awaiting-approval (R-GUARD-3).
    await page.goto(`${stoop.url}/main_dashboard`);
    await page.waitForURL(/\/awaiting-approval$/);

    const admin = new ApiSession(stoop.url);
    await admin.login(ADMIN.email, ADMIN.password);
    const { users } = await admin.request<{ users: { id: string; email: string }[] }>(
      'GET',
      '/api/admin/users?status=pending_approval',
    );
    const nadia = users.find((u) => u.email === 'nadia@e2e.test');
    expect(nadia).toBeDefined();
    await admin.request('POST', `/api/admin/users/${nadia!.id}/approve`);

    // The awaiting-approval page notices approval (on focus / poll / reload) and moves on.
    await page.reload();
    await page.waitForURL(/\/main_dashboard/);
    expect(page.url()).toContain('/main_dashboard/chat-intro');
    await context.close();
  });

  it('R-GUARD-1: a session cookie without stored user data still opens the dashboard', async () => {
    // E.g. a browser whose site storage was cleared, or a second browser profile on the same cookie jar.
    const admin = new ApiSession(stoop.url);
    await admin.login(ADMIN.email, ADMIN.password);
    const context = await browser.newContext();
    await context.addCookies(admin.browserCookies());
    const page = await context.newPage();
    await page.goto(`${stoop.url}/main_dashboard`);
    await page.waitForURL(/\/main_dashboard\/chat-intro$/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(page.url()).toContain('/main_dashboard/chat-intro');
    await context.close();
  });

  it('R-GUARD-5, R-GUARD-4: an anonymous visit to an authenticated route, or to the root, goes to /web-home', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stoop.url}/main_dashboard/search`);
    await page.waitForURL(/\/web-home$/);
    // The root path goes to the public home for anonymous visitors.
    await page.goto(`${stoop.url}/`);
    await page.waitForURL(/\/web-home$/);
    await context.close();
  });
});
