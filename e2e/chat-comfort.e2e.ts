/**
 * What residents expect of a chat app, in real Chromium at a phone's 360 px and a desktop's 1280 px:
 * toasts that close by themselves (R-PWA-8), count repeats instead of stacking (R-PWA-9) and stay
 * off the composer (R-PWA-10); the shell's bottom inset (R-PWA-11); a failed login kept next to the
 * form (R-ERR-12); an admin-locked resident reaching the contact form and the legal pages
 * (R-GUARD-3); the tab title and the bell counting unread direct messages (R-NOTIF-5); the
 * channel icon chosen with a preview (R-CONV-8).
 * Screenshots go to /tmp/shots/.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { WEB_SAFE_AREA_BOTTOM_PX } from '@stoop/shared/constants';
import { ApiSession } from './support/api.ts';
import { hasChromium, launchChromium } from './support/browser.ts';
import { createResident, logInThroughForm, type Resident } from './support/community.ts';
import { ADMIN, startStoop, type RunningStoop } from './support/server.ts';
import { VIEWPORTS, pageAt } from './support/viewports.ts';

const SHOTS = '/tmp/shots';
/** Few sends a minute, so a burst of sends is refused and its error toasts repeat. */
const SENDS_PER_MINUTE = 2;
const TOO_FAST = /You are sending messages too fast in this conversation/;

describe.skipIf(!hasChromium)('chat comfort: toasts, unread counts, locked pages, insets', () => {
  let stoop: RunningStoop;
  let browser: Browser;
  let nadia: Resident;
  let omar: Resident;

  beforeAll(async () => {
    stoop = await startStoop({
      env: { RATE_LIMIT_SENDS_PER_CONVERSATION_PER_MINUTE: String(SENDS_PER_MINUTE) },
    });
    browser = await launchChromium();
    nadia = await createResident(stoop.url, 'Nadia Okafor');
    omar = await createResident(stoop.url, 'Omar Haddad');
    // A fresh database migrates on start; on a loaded machine that passes the default hook time-out.
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await stoop?.stop();
  });

  async function openPage(viewport: (typeof VIEWPORTS)[number]): Promise<Page> {
    return pageAt(browser, viewport);
  }

  const newChannel = async (name: string) =>
    (
      await nadia.api.request<{ conversation: { id: string } }>('POST', '/api/conversations', {
        type: 'channel',
        name,
      })
    ).conversation.id;

  for (const viewport of VIEWPORTS) {
    it(`${viewport.name} px: repeated error toasts count up in one toast above the composer; the composer clears the inset`, async () => {
      mkdirSync(SHOTS, { recursive: true });
      const channelId = await newChannel(`burst-${viewport.name}`);
      const page = await openPage(viewport);
      await logInThroughForm(page, stoop.url, nadia.email, nadia.password);
      await page.goto(`${stoop.url}/main_dashboard/conversations/channel/${channelId}`);
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.waitFor();
      for (let n = 1; n <= SENDS_PER_MINUTE + 3; n += 1) {
        await box.fill(`Burst ${n}`);
        await box.press('Enter');
      }
      // Three refusals, one toast: "… ×3".
      const toasts = page.locator('[data-sonner-toast]').filter({ hasText: TOO_FAST });
      await toasts.filter({ hasText: '\u00d73' }).waitFor();
      expect(await toasts.count()).toBe(1);
      await page.waitForTimeout(500); // the toast's enter animation
      const toastBox = (await toasts.boundingBox())!;
      const composerBox = (await page.locator('[data-toast-avoid]').boundingBox())!;
      await page.screenshot({ path: `${SHOTS}/comfort-${viewport.name}-toast-over-composer.png` });
      // The toast sits wholly above the composer (R-PWA-10), the composer above the inset (R-PWA-11).
      expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(composerBox.y);
      expect(composerBox.y + composerBox.height).toBeLessThanOrEqual(
        viewport.height - WEB_SAFE_AREA_BOTTOM_PX + 1,
      );
      // Errors do not close by themselves (R-PWA-7): still there after the informational delay.
      await page.waitForTimeout(6000);
      expect(await toasts.count()).toBe(1);
      // The refused sends are marked, with Retry and Delete.
      expect(await page.getByRole('alert').filter({ hasText: 'Not sent.' }).count()).toBe(3);
      await page.context().close();
    });

    it(`${viewport.name} px: an informational toast closes by itself`, async () => {
      const page = await openPage(viewport);
      await logInThroughForm(page, stoop.url, omar.email, omar.password);
      await page.goto(`${stoop.url}/account_settings`);
      await page.getByRole('button', { name: 'Save profile' }).click();
      const saved = page.locator('[data-sonner-toast]').filter({ hasText: 'Your profile was saved.' });
      await saved.waitFor();
      await page.screenshot({ path: `${SHOTS}/comfort-${viewport.name}-info-toast.png` });
      await saved.waitFor({ state: 'detached', timeout: 15_000 });
      await page.context().close();
    });

    it(`${viewport.name} px: a failed login shows next to the form as well as in a toast`, async () => {
      const page = await openPage(viewport);
      await page.goto(`${stoop.url}/login`);
      await page.getByLabel('Email').fill(nadia.email);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Log in' }).click();
      const inline = page.getByTestId('login-error');
      await inline.waitFor();
      expect(await inline.textContent()).toMatch(/invalid email or password/i);
      const inlineBox = (await inline.boundingBox())!;
      const button = (await page.getByRole('button', { name: 'Log in' }).boundingBox())!;
      // Right above the button, inside the form.
      expect(inlineBox.y + inlineBox.height).toBeLessThanOrEqual(button.y);
      await page.screenshot({ path: `${SHOTS}/comfort-${viewport.name}-login-error.png` });
      await page.context().close();
    });

    it(`${viewport.name} px: an admin-locked resident reaches the contact form, privacy policy and terms`, async () => {
      const locked = await createResident(stoop.url, `Locked ${viewport.name}`);
      const admin = new ApiSession(stoop.url);
      await admin.login(ADMIN.email, ADMIN.password);
      await admin.request('POST', `/api/admin/users/${locked.id}/lock`, { reason: 'admin_lock' });
      const page = await openPage(viewport);
      await page.goto(`${stoop.url}/login`);
      await page.getByLabel('Email').fill(locked.email);
      await page.getByLabel('Password', { exact: true }).fill(locked.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(/\/awaiting-approval$/);
      await page.getByRole('link', { name: 'Contact us' }).click();
      await page.waitForURL(/\/contact$/);
      await page.getByLabel('Name').fill(locked.username);
      await page.getByLabel('Email').fill(locked.email);
      await page.getByLabel('Message').fill('Why is my account locked?');
      await page.screenshot({ path: `${SHOTS}/comfort-${viewport.name}-locked-contact.png` });
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.getByRole('status').filter({ hasText: 'Your message was sent' }).waitFor();
      expect(page.url()).toMatch(/\/contact$/);
      for (const path of ['/privacy-policy', '/terms-of-service']) {
        await page.goto(`${stoop.url}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(new URL(page.url()).pathname).toBe(path);
      }
      // Anything else still leads back to the awaiting-approval page.
      await page.goto(`${stoop.url}/main_dashboard`);
      await page.waitForURL(/\/awaiting-approval$/);
      await page.context().close();
    });

    it(`${viewport.name} px: unread direct messages raise the tab title and the bell`, async () => {
      const sender = await createResident(stoop.url, `Sam Porter ${viewport.name}`);
      // A reader of its own: no direct message left unread by another test raises the bell here.
      const reader = await createResident(stoop.url, `Rita Reader ${viewport.name}`);
      const page = await openPage(viewport);
      await logInThroughForm(page, stoop.url, reader.email, reader.password);
      await page.goto(`${stoop.url}/main_dashboard/chat-intro`);
      await page.waitForFunction(() => document.title === 'Stoop');
      // Open the bell once: what it held (the approval notification) is read, so it counts nothing.
      // The bell marks read what it holds when opened, so wait until its list has arrived.
      const bellButton = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
      await bellButton.click();
      await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
      const { conversation } = await sender.api.request<{ conversation: { id: string } }>(
        'POST',
        '/api/conversations',
        { type: 'direct', participantIds: [reader.id] },
      );
      // Two: the rate limit of this server (SENDS_PER_MINUTE) allows no more a minute.
      for (const content of ['Are you home?', 'The parcel is here'])
        await sender.api.request('POST', `/api/conversations/${conversation.id}/messages`, { content });
      await page.waitForFunction(() => document.title === '(2) Stoop');
      await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();
      await bellButton.click();
      const unreadDirect = page.getByRole('list', { name: 'Unread direct messages' });
      await unreadDirect.waitFor();
      await page.screenshot({ path: `${SHOTS}/comfort-${viewport.name}-bell-direct.png` });
      await unreadDirect.getByRole('link', { name: `${sender.username} sent you 2 messages` }).click();
      await page.waitForURL(new RegExp(`/conversations/direct/${conversation.id}$`));
      await page.waitForFunction(() => document.title === 'Stoop');
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
      await page.context().close();
    });
  }

  /** A 1×1 PNG: enough for the icon's preview and the server's image checks. */
  const ONE_PIXEL_PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
    'base64',
  );

  for (const viewport of VIEWPORTS) {
    it(`${viewport.name} px: the new-channel icon shows a preview, can be removed and chosen again, and is kept`, async () => {
      mkdirSync(SHOTS, { recursive: true });
      const page = await openPage(viewport);
      await logInThroughForm(page, stoop.url, nadia.email, nadia.password);
      await page.goto(`${stoop.url}/main_dashboard/chat-intro`);
      // On a phone the conversation list sits in the menu's drawer.
      if (viewport.width < 768) await page.getByRole('button', { name: 'Open conversations' }).click();
      await page.locator('button[aria-label="New channel"]:visible').first().click();
      const dialog = page.getByRole('dialog', { name: 'New channel' });
      await dialog.getByTestId('channel-icon-placeholder').waitFor();
      const iconInput = dialog.getByLabel('Icon (optional)');
      const icon = { name: 'garden.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG };
      await iconInput.setInputFiles(icon);
      await dialog.getByTestId('channel-icon-preview').waitFor();
      await dialog.getByText('garden.png').waitFor();
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await dialog.getByTestId('channel-icon-placeholder').waitFor();
      await iconInput.setInputFiles(icon);
      await dialog.getByText('Replace image').waitFor();
      const name = `garden-${viewport.name}`;
      await dialog.getByLabel('Name').fill(name);
      await page.screenshot({ path: `${SHOTS}/channel-icon-${viewport.name}.png` });
      await dialog.getByRole('button', { name: 'Create channel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const { conversations } = await nadia.api.request<{
        conversations: { name: string; icon: string | null }[];
      }>('GET', '/api/conversations');
      expect(conversations.find((c) => c.name === name)?.icon).toBeTruthy();
      await page.context().close();
    });
  }
});
