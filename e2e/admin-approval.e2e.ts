import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ApiSession } from './support/api.ts';
import { startStoopAndBrowser, stopStoopAndBrowser } from './support/stoop-and-browser.ts';
import { hasChromium } from './support/browser.ts';
import { createResident, logInThroughForm } from './support/community.ts';
import { ADMIN, type RunningStoop } from './support/server.ts';

/** Screenshots of the approval screen land here for a look (R-ADMIN-16: it works at 360 px). */
const SHOTS = '/tmp/shots';

describe.skipIf(!hasChromium)('admin: approve a waiting resident, lock an online one', () => {
  let stoop: RunningStoop;
  let browser: Browser;

  beforeAll(async () => {
    ({ stoop, browser } = await startStoopAndBrowser());
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(() => stopStoopAndBrowser({ stoop, browser }));

  async function adminPage(width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await logInThroughForm(page, stoop.url, ADMIN.email, ADMIN.password);
    return page;
  }

  it('R-ADMIN-16, R-LOCK-7: the admin approves in the dashboard and the waiting page moves on by itself', async () => {
    // Someone else waits too, so the queue shows more than one card in the screenshots.
    await new ApiSession(stoop.url).request('POST', '/api/signup', {
      email: 'theo@e2e.test',
      password: 'a-good-long-password',
      username: 'Theo Lindqvist-Abernathy',
      acceptTerms: true,
    });

    const residentContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const resident = await residentContext.newPage();
    await resident.goto(`${stoop.url}/signup`);
    await resident.getByLabel('Username').fill('Nadia Okafor');
    await resident.getByLabel('Email').fill('nadia@e2e.test');
    await resident.getByLabel('Password', { exact: true }).fill('a-good-long-password');
    await resident.getByLabel(/I accept/).check();
    await resident.getByRole('button', { name: 'Sign up' }).click();
    await resident.waitForURL(/\/awaiting-approval$/);
    await resident.getByRole('heading', { name: 'Your account is waiting for approval' }).waitFor();

    const admin = await adminPage(1280);
    await admin.getByRole('link', { name: 'User approval' }).first().click();
    await admin.waitForURL(/\/admin_dashboard\/user-approval$/);
    const nadia = admin.getByRole('article', { name: 'Nadia Okafor' });
    await nadia.waitFor();
    await expect(nadia.getByText('nadia@e2e.test').isVisible()).resolves.toBe(true);
    await expect(nadia.getByText(/waiting (less than a minute|\d+ minutes?)/).isVisible()).resolves.toBe(
      true,
    );
    await admin.screenshot({ path: `${SHOTS}/user-approval-1280.png`, fullPage: true });
    await admin.setViewportSize({ width: 360, height: 740 });
    await admin.getByRole('heading', { name: 'User approval' }).waitFor();
    await admin.screenshot({ path: `${SHOTS}/user-approval-360.png`, fullPage: true });
    // Nothing may stick out sideways at 360 px.
    const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await nadia.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText('Nadia Okafor is approved').waitFor();
    await nadia.waitFor({ state: 'detached' });

    // No reload: the waiting page asks every few seconds and moves on.
    await resident.waitForURL(/\/main_dashboard/, { timeout: 15_000 });
    await resident.getByText('Your account was approved. Welcome to Stoop!').waitFor();

    // The audit log says it in words.
    await admin.goto(`${stoop.url}/admin_dashboard/audit-log`);
    await admin.getByText(/approved Nadia Okafor/).waitFor();
    await admin.screenshot({ path: `${SHOTS}/audit-log-360.png`, fullPage: true });
    await residentContext.close();
    await admin.context().close();
  });

  it('R-LOCK-5, R-ADMIN-16: a resident locked while online lands on /awaiting-approval at once', async () => {
    const omar = await createResident(stoop.url, 'Omar Haddad');
    const residentContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const resident = await residentContext.newPage();
    await logInThroughForm(resident, stoop.url, omar.email, omar.password);
    await resident.waitForURL(/\/main_dashboard\/chat-intro$/);
    await resident.getByRole('heading', { level: 1 }).first().waitFor();

    const admin = await adminPage(1280);
    await admin.goto(`${stoop.url}/admin_dashboard/user-approval`);
    await admin.getByRole('button', { name: 'All', exact: true }).click();
    await admin.getByLabel('Search by name').fill('Omar');
    const card = admin.getByRole('article', { name: 'Omar Haddad' });
    await card.getByRole('button', { name: 'Lock…' }).click();
    await card.getByRole('alertdialog').getByRole('button', { name: 'Lock' }).click();
    await admin.getByText('Omar Haddad is locked').waitFor();
    await admin.getByRole('button', { name: 'Locked', exact: true }).click();
    await admin
      .getByRole('article', { name: 'Omar Haddad' })
      .getByRole('button', { name: 'Unlock' })
      .waitFor();
    await admin.screenshot({ path: `${SHOTS}/user-approval-locked-1280.png`, fullPage: true });

    // The socket's user:locked (or the refused reconnect) sends them there: no poll, no reload.
    await resident.waitForURL(/\/awaiting-approval$/, { timeout: 5_000 });
    await resident.getByRole('heading', { name: 'An admin has locked your account' }).waitFor();
    await residentContext.close();
    await admin.context().close();
  });
});
