import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ApiSession } from './support/api.ts';
import { hasChromium, launchChromium } from './support/browser.ts';
import { createResident, logInThroughForm, type Resident } from './support/community.ts';
import { ADMIN, startStoop, type RunningStoop } from './support/server.ts';
import { stopStoopAndBrowser } from './support/stoop-and-browser.ts';

const SHOTS = '/tmp/shots';
/** Two browser contexts and a server on a shared two-core machine. */
const FLOW_TIMEOUT_MS = 240_000;
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/**
 * Quoted-printable decoding of an .eml file from the outbox (soft line breaks, =XX), enough to
 * read the links of a notification mail.
 */
const unfoldQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The footer's unsubscribe page link of the newest mail to `email` in the outbox, once there. */
async function unsubscribeLinkFor(stoop: RunningStoop, email: string): Promise<string> {
  const outbox = join(stoop.dataDir, 'outbox');
  const page = new RegExp(`${stoop.url.replace(/[.]/g, '\\.')}/unsubscribe\\?token=[A-Za-z0-9._-]+`);
  for (let i = 0; i < 150; i += 1) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    } catch {
      // not made yet
    }
    for (const file of files) {
      const mail = unfoldQuotedPrintable(readFileSync(join(outbox, file), 'utf8'));
      const link = mail.includes(email) ? page.exec(mail)?.[0] : undefined;
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no notification mail to ${email} in ${outbox}`);
}

/**
 * R-REACH-3, R-REACH-4, R-REACH-5, R-REACH-7: an urgent announcement from the admin's confirm to a
 * resident's "Got it" and the receipts moving live; the resident's notification settings saved and
 * still there after a reload; a resident without the app open gets the mail and unsubscribes from
 * its link signed out. At 360 and 1280 px.
 */
describe.skipIf(!hasChromium)('reaching every resident in Chromium', () => {
  let stoop: RunningStoop;
  let browser: Browser;
  let rosa: Resident;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    stoop = await startStoop({
      env: {
        COMMUNITY_NAME: 'Maple Court',
        EMAIL_NOTIFY_URGENT_DELAY_SECONDS: '0',
        EMAIL_NOTIFY_POLL_MS: '200',
      },
    });
    browser = await launchChromium();
    rosa = await createResident(stoop.url, 'Rosa Banner');
    // Never opens the app: the urgent announcement reaches him by mail.
    await createResident(stoop.url, 'Omar Offline');
  });
  afterAll(() => stopStoopAndBrowser({ stoop, browser }));

  async function signedIn(email: string, password: string, viewport = DESKTOP): Promise<Page> {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await logInThroughForm(page, stoop.url, email, password);
    return page;
  }

  it(
    'R-REACH-3, R-REACH-4: the admin confirms an urgent post; the resident taps Got it; the receipts move live',
    async () => {
      const resident = await signedIn(rosa.email, rosa.password, PHONE);
      await resident.goto(`${stoop.url}/main_dashboard/chat-intro`);
      const admin = await signedIn(ADMIN.email, ADMIN.password);
      await admin.goto(`${stoop.url}/admin_dashboard/announcements`);
      const title = `Water off tomorrow 9–12 (${Date.now()})`;
      const form = admin.getByRole('form', { name: 'New announcement' });
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Text').fill('The main valve is being replaced.');
      await form.getByLabel(/Urgent/).check();
      await form.getByRole('button', { name: 'Post announcement' }).click();
      const confirm = admin.getByRole('alertdialog', { name: 'Send this urgent announcement?' });
      await confirm.waitFor();
      expect(await confirm.textContent()).toMatch(/This notifies all \d+ residents now, by push and mail\./);
      await admin.screenshot({ path: `${SHOTS}/reach-confirm-1280.png` });
      // Nothing is sent before the confirm.
      expect(await resident.getByTestId('urgent-banner').count()).toBe(0);
      await confirm.getByRole('button', { name: 'Send now' }).click();

      // The banner arrives live on the resident's phone, at the top of the screen.
      const banner = resident.getByRole('alert', { name: 'Urgent announcement' });
      await banner.getByText(title).waitFor({ timeout: 20_000 });
      await resident.screenshot({ path: `${SHOTS}/reach-banner-360.png` });

      const card = admin.getByRole('listitem').filter({ hasText: title });
      await card.getByRole('button', { name: 'Receipts' }).click();
      const receipts = admin.getByTestId('receipts');
      await receipts.getByText(/acknowledged by 0/).waitFor();
      await receipts.getByText('Rosa Banner').waitFor();

      // "Got it" with the keyboard: the banner goes, the admin's receipts move without a reload.
      await banner.getByRole('button', { name: 'Got it' }).focus();
      await resident.keyboard.press('Enter');
      await banner.waitFor({ state: 'detached' });
      await receipts.getByText(/acknowledged by 1/).waitFor({ timeout: 20_000 });
      expect(await receipts.getByText('Rosa Banner').count()).toBe(0);
      // Omar has no socket open: the mail reached him (urgent delay 0 for this run).
      await receipts.getByText(/mail 1/).waitFor({ timeout: 20_000 });
      await admin.screenshot({ path: `${SHOTS}/reach-receipts-1280.png`, fullPage: true });
      await resident.context().close();
      await admin.context().close();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'R-REACH-8: a resident changes their notification settings from the account screen and they stay',
    async () => {
      const page = await signedIn(rosa.email, rosa.password, PHONE);
      await page.goto(`${stoop.url}/account_settings`);
      await page.getByRole('link', { name: 'Notification settings' }).click();
      await page.waitForURL(/\/account_settings\/notifications$/);
      await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
      await page.getByText(/these are the settings every resident starts with/).waitFor();
      await page.getByLabel('Direct messages').selectOption('mail');
      await page.getByLabel('Events').selectOption('none');
      await page.getByRole('checkbox', { name: /Quiet hours/ }).check();
      await page.getByLabel('From').fill('23:30');
      await page.screenshot({ path: `${SHOTS}/reach-settings-360.png`, fullPage: true });
      await page.getByRole('button', { name: 'Save notification settings' }).click();
      await page.getByText('Your notification settings were saved.').waitFor();

      await page.setViewportSize(DESKTOP);
      await page.reload();
      await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
      await page.getByLabel('Direct messages').waitFor();
      expect(await page.getByLabel('Direct messages').inputValue()).toBe('mail');
      expect(await page.getByLabel('Events').inputValue()).toBe('none');
      expect(await page.getByLabel('Mentions and replies').inputValue()).toBe('both');
      expect(await page.getByLabel('From').inputValue()).toBe('23:30');
      expect(await page.getByText(/these are the settings every resident starts with/).count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/reach-settings-1280.png`, fullPage: true });
      // Not wider than the phone's screen.
      await page.setViewportSize(PHONE);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await page.context().close();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'R-REACH-7, R-REACH-9: the mail’s unsubscribe link works signed out; a forged one says it is not valid',
    async () => {
      // A resident of its own, who never opened the app, and an urgent announcement that mails her.
      const una = await createResident(stoop.url, 'Una Mailonly');
      const office = new ApiSession(stoop.url);
      await office.login(ADMIN.email, ADMIN.password);
      await office.request('POST', '/api/announcements', {
        title: 'Fire alarm test',
        body: 'At 10:00 on Friday.',
        urgent: true,
      });
      const link = await unsubscribeLinkFor(stoop, una.email);

      const context = await browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      await page.goto(link);
      await page.getByRole('heading', { name: 'Stop notification mails?' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/reach-unsubscribe-360.png`, fullPage: true });
      await page.getByRole('button', { name: 'Unsubscribe from mails' }).click();
      await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/reach-unsubscribed-360.png`, fullPage: true });
      const { settings } = await una.api.request<{ settings: { channels: Record<string, string> } }>(
        'GET',
        '/api/notification-settings',
      );
      expect(Object.values(settings.channels).every((c) => c === 'push' || c === 'none')).toBe(true);

      await page.setViewportSize(DESKTOP);
      await page.goto(`${link.slice(0, -4)}AAAA`);
      await page.getByRole('button', { name: 'Unsubscribe from mails' }).click();
      await page.getByRole('alert').filter({ hasText: 'This unsubscribe link is not valid' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/reach-unsubscribe-forged-1280.png`, fullPage: true });
      await context.close();
    },
    FLOW_TIMEOUT_MS,
  );
});
