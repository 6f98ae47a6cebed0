/**
 * Moving a building in, through the screens: the admin imports a small WhatsApp export with a photo
 * (preview, a sender mapped, commit), the messages show in the channel and Undo removes them
 * (R-MOVEIN-12); the admin creates an invitation, opens its lobby poster, and a new resident signs up
 * through the link and lands signed in (R-MOVEIN-9, R-MOVEIN-13). At 1280 and 360 px.
 */
import { mkdirSync } from 'node:fs';
import { zipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { TEXTS } from '@stoop/shared/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession } from './support/api.ts';
import { hasChromium } from './support/browser.ts';
import { createResident, logInThroughForm } from './support/community.ts';
import { ADMIN, type RunningStoop } from './support/server.ts';
import { startStoopAndBrowser, stopStoopAndBrowser } from './support/stoop-and-browser.ts';

const SHOTS = '/tmp/shots';
const WIDTHS = [1280, 360] as const;
const heightOf = (width: number) => (width < 600 ? 740 : 900);

/** The photo the export's zip carries: a real PNG, as the upload path sniffs and thumbnails it. */
const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer();

/** An android export as WhatsApp writes it (narrow no-break space before AM/PM), with one photo. */
async function exportZip(): Promise<Buffer> {
  const t = (time: string) => time.replace(' ', '\u202f');
  const chat = [
    `12/24/23, ${t('9:40 PM')} - Messages and calls are end-to-end encrypted. No one outside of this chat can read them.`,
    `12/24/23, ${t('9:41 PM')} - Nadia Okafor: Welcome to the building chat!`,
    `12/24/23, ${t('9:45 PM')} - Priya: The parcel room door is broken again`,
    `12/25/23, ${t('8:15 AM')} - Tom Becker: IMG-20231225-WA0001.png (file attached)`,
    'Broken hinge, see photo',
    `12/25/23, ${t('8:20 AM')} - Tom Becker left`,
    '',
  ].join('\n');
  return Buffer.from(
    zipSync({
      'WhatsApp Chat with Maple Court.txt': Buffer.from(chat),
      'IMG-20231225-WA0001.png': await photo(),
    }),
  );
}

type HistoryPage = { messages: { content: string; fileUrl: string | null }[] };

describe.skipIf(!hasChromium)('moving a building in, through the screens', () => {
  let stoop: RunningStoop;
  let browser: Browser;
  let admin: ApiSession;
  let lobbyId: string;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ stoop, browser } = await startStoopAndBrowser());
    await createResident(stoop.url, 'Nadia Okafor');
    await createResident(stoop.url, 'Omar Haddad');
    admin = new ApiSession(stoop.url);
    await admin.login(ADMIN.email, ADMIN.password);
    const { conversation } = await admin.request<{ conversation: { id: string } }>(
      'POST',
      '/api/conversations',
      {
        type: 'channel',
        name: 'lobby',
        participantIds: [],
      },
    );
    lobbyId = conversation.id;
  });
  afterAll(() => stopStoopAndBrowser({ stoop, browser }));

  const adminPage = async (width: number): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width, height: heightOf(width) } });
    const page = await context.newPage();
    await logInThroughForm(page, stoop.url, ADMIN.email, ADMIN.password);
    return page;
  };
  const lobbyHistory = () =>
    admin.request<HistoryPage>('GET', `/api/conversations/${lobbyId}/messages?limit=50`);

  for (const width of WIDTHS) {
    it(`R-MOVEIN-12: at ${width} px the admin previews an export, maps a sender, imports it and undoes it`, async () => {
      const page = await adminPage(width);
      await page.goto(`${stoop.url}/admin_dashboard/import`);
      await page.getByRole('heading', { name: 'Import a WhatsApp chat' }).waitFor();
      await page.getByText('No imports yet').or(page.getByLabel('Past imports')).first().waitFor();
      await page.getByLabel('Exported chat (.txt or .zip)').setInputFiles({
        name: 'WhatsApp Chat with Maple Court.zip',
        mimeType: 'application/zip',
        buffer: await exportZip(),
      });
      await page.getByLabel('Into the channel').selectOption({ label: '#lobby' });
      await page.getByRole('button', { name: 'Preview' }).click();

      await page.getByRole('heading', { name: 'Senders (3)' }).waitFor();
      await expect
        .poll(() => page.getByTestId('import-summary').textContent())
        .toMatch(/3 messages, 2 WhatsApp lines, 1 attachments/);
      // Nadia matches a resident by name; Priya has no account and the admin maps her to Omar.
      expect(await page.getByLabel(/^Nadia Okafor/).inputValue()).not.toBe('');
      await page.getByLabel(/^Priya/).selectOption({ label: 'Omar Haddad' });
      await page.screenshot({ path: `${SHOTS}/movein-${width}-import-preview.png`, fullPage: true });

      await page.getByRole('button', { name: 'Import into #lobby' }).click();
      await expect
        .poll(() => page.getByTestId('import-result').textContent(), { timeout: 30_000 })
        .toBe('Imported 5 messages, skipped 0.');
      await page.getByTestId('import-status').first().filter({ hasText: 'Imported' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/movein-${width}-import-done.png`, fullPage: true });

      // The history shows in the channel, the photo as a real attachment.
      await page.goto(`${stoop.url}/main_dashboard/conversations/channel/${lobbyId}`);
      await page.getByText('The parcel room door is broken again').waitFor();
      await page.getByText('Broken hinge, see photo').waitFor();
      await page.screenshot({ path: `${SHOTS}/movein-${width}-channel.png` });
      const imported = (await lobbyHistory()).messages;
      expect(imported.find((m) => m.content === 'Broken hinge, see photo')?.fileUrl).toBeTruthy();

      // Undo removes the whole import.
      await page.goto(`${stoop.url}/admin_dashboard/import`);
      await page.getByRole('button', { name: 'Undo' }).first().click();
      await page
        .getByRole('alertdialog', { name: 'Undo this import?' })
        .getByRole('button', { name: 'Remove' })
        .click();
      await page.getByTestId('import-status').first().filter({ hasText: 'Undone' }).waitFor();
      expect(
        (await lobbyHistory()).messages.filter((m) => /parcel room|Broken hinge/.test(m.content)),
      ).toEqual([]);
      await page.context().close();
    });
  }

  for (const width of WIDTHS) {
    it(`R-MOVEIN-9, R-MOVEIN-13: at ${width} px an invitation's poster prints and its link signs a resident in at once`, async () => {
      const page = await adminPage(width);
      await page.goto(`${stoop.url}/admin_dashboard/invites`);
      const nameField = page.getByLabel(/^Building name/);
      await nameField.fill(`Maple Court ${width}`);
      await page.getByRole('button', { name: 'Save name' }).click();
      await page.locator('[data-sonner-toast]').filter({ hasText: 'Building name saved' }).waitFor();
      await page.getByLabel('Note for the admins (optional)').fill(`Lobby poster ${width}`);
      await page.getByLabel('Is approved at once').check();
      await page.getByRole('button', { name: 'Create invitation' }).click();
      const card = page.getByTestId('invite').filter({ hasText: `Lobby poster ${width}` });
      await card.waitFor();
      await page.screenshot({ path: `${SHOTS}/movein-${width}-invites.png`, fullPage: true });
      const url = (await card.getByText('/signup?invite=').textContent())?.trim() ?? '';
      expect(url).toMatch(/\/signup\?invite=[A-Z2-9]{8}$/);

      await card.getByRole('link', { name: 'Poster' }).click();
      await page.getByTestId('poster-qr').waitFor();
      expect(await page.getByTestId('poster-building').textContent()).toBe(`Maple Court ${width}`);
      await page.screenshot({ path: `${SHOTS}/movein-${width}-poster.png`, fullPage: true });
      await page.emulateMedia({ media: 'print' });
      await page.screenshot({ path: `${SHOTS}/movein-${width}-poster-print.png` });
      await page.emulateMedia({ media: 'screen' });

      // A new resident follows the link: the building's name, the usual fields, in at once.
      const visitor = await browser.newContext({ viewport: { width, height: heightOf(width) } });
      const signup = await visitor.newPage();
      await signup.goto(url);
      await signup.getByRole('heading', { name: `Join Maple Court ${width}` }).waitFor();
      await signup.getByLabel('Username').fill(`Lena ${width}`);
      await signup.getByLabel('Email').fill(`lena.${width}@e2e.test`);
      await signup.getByLabel('Password', { exact: true }).fill('a-good-long-password');
      await signup.screenshot({ path: `${SHOTS}/movein-${width}-signup.png`, fullPage: true });
      await signup.getByRole('button', { name: 'Sign up' }).click();
      await expect.poll(() => signup.getByText('You must accept').count()).toBeGreaterThan(0);
      await signup.getByLabel(/I accept/).check();
      await signup.getByRole('button', { name: 'Sign up' }).click();
      await signup.waitForURL(/\/main_dashboard/);

      // The admin sees who joined; once revoked, the link says so clearly.
      await page.goto(`${stoop.url}/admin_dashboard/invites`);
      const used = page.getByTestId('invite').filter({ hasText: `Lobby poster ${width}` });
      await used
        .getByTestId('invite-joined')
        .filter({ hasText: `Lena ${width}` })
        .waitFor();
      expect(await used.getByTestId('invite-uses').textContent()).toMatch(/^1 of 100 used$/);
      await used.getByRole('button', { name: 'Revoke' }).click();
      await used.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
      await used.getByText('Revoked').waitFor();
      const late = await browser.newContext({ viewport: { width, height: heightOf(width) } });
      const latePage = await late.newPage();
      await latePage.goto(url);
      await latePage.getByTestId('invite-unusable').filter({ hasText: TEXTS.inviteRevoked }).waitFor();
      await latePage.screenshot({ path: `${SHOTS}/movein-${width}-invite-revoked.png` });
      await Promise.all([late.close(), visitor.close(), page.context().close()]);
    });
  }
});
