/**
 * What a chat keeps for the resident, in real Chromium at 360 px and 1280 px: a draft survives a
 * reload and is marked in the sidebar (R-STORE-6); the search query lives in the address, survives
 * a reload and back, and Escape does not wipe it (R-SEARCH-8); the skip link lands in the composer
 * (R-MSG-18) and Up arrow there edits the last message (R-MSG-19); the event form's end follows its start and its date fields fit (R-EVENT-14); a
 * message on its way shows a clock. Screenshots go to /tmp/shots/.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchChromium } from './support/browser.ts';
import { createResident, logInThroughForm, type Resident } from './support/community.ts';
import { startStoop, type RunningStoop } from './support/server.ts';
import { VIEWPORTS, pageAt } from './support/viewports.ts';

const SHOTS = '/tmp/shots';

describe.skipIf(!hasChromium)('chat keeping: drafts, search address, skip link, event form', () => {
  let stoop: RunningStoop;
  let browser: Browser;
  let nadia: Resident;
  let lobbyId = '';
  let gardenId = '';

  beforeAll(async () => {
    stoop = await startStoop();
    browser = await launchChromium();
    nadia = await createResident(stoop.url, 'Nadia Okafor');
    const channel = async (name: string) =>
      (
        await nadia.api.request<{ conversation: { id: string } }>('POST', '/api/conversations', {
          type: 'channel',
          name,
        })
      ).conversation.id;
    lobbyId = await channel('lobby');
    gardenId = await channel('garden');
    await nadia.api.request('POST', `/api/conversations/${gardenId}/messages`, {
      content: 'The tomatoes in the courtyard are ripe',
    });
    // A fresh database migrates on start; on a loaded machine that passes the default hook time-out.
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await stoop?.stop();
  });

  async function signedIn(viewport: (typeof VIEWPORTS)[number]): Promise<Page> {
    const page = await pageAt(browser, viewport);
    await logInThroughForm(page, stoop.url, nadia.email, nadia.password);
    return page;
  }
  const lobbyUrl = () => `${stoop.url}/main_dashboard/conversations/channel/${lobbyId}`;

  for (const viewport of VIEWPORTS) {
    it(`${viewport.name} px: a draft survives a reload and is marked in the sidebar; the skip link lands in the composer`, async () => {
      mkdirSync(SHOTS, { recursive: true });
      const page = await signedIn(viewport);
      await page.goto(lobbyUrl());
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill(`Half-written note at ${viewport.name}`);
      await page.waitForTimeout(600); // drafts are written a moment after the last keystroke
      await page.reload();
      await box.waitFor();
      await page.waitForFunction(
        (text) =>
          document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')?.value === text,
        `Half-written note at ${viewport.name}`,
      );
      // Elsewhere, the lobby carries the draft mark.
      await page.goto(`${stoop.url}/main_dashboard/conversations/channel/${gardenId}`);
      if (viewport.width < 1024) await page.getByRole('button', { name: /Open conversations/i }).click();
      const lobbyLink = page.getByRole('link', { name: /^lobby.*, draft$/ });
      await lobbyLink.waitFor();
      await page.screenshot({ path: `${SHOTS}/keeping-${viewport.name}-draft-mark.png` });
      if (viewport.width < 1024) await page.keyboard.press('Escape');
      // Skip link: the first Tab stop, and Enter puts the focus in the composer.
      await page.goto(lobbyUrl());
      await box.waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Message');
      expect(new URL(page.url()).hash).toBe('');
      // Sending forgets the draft.
      await box.press('Enter');
      const sent = page
        .locator('article[data-message-id]')
        .filter({ hasText: `Half-written note at ${viewport.name}` });
      await sent.waitFor();
      // Up arrow edits a message the server has: on a busy machine the answer can take a while.
      await sent.getByTestId('pending-mark').waitFor({ state: 'detached', timeout: 30_000 });
      await page.waitForTimeout(600);
      expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('Half-written note');
      // Up arrow in the empty composer edits that message (R-MSG-19).
      await box.press('ArrowUp');
      const editor = page.getByRole('textbox', { name: 'Edit message' });
      await editor.waitFor();
      expect(await editor.inputValue()).toBe(`Half-written note at ${viewport.name}`);
      await page.screenshot({ path: `${SHOTS}/keeping-${viewport.name}-up-arrow-edit.png` });
      await editor.press('Escape');
      await editor.waitFor({ state: 'detached' });
      await page.context().close();
    });

    it(`${viewport.name} px: the search query lives in the address; reload, back and Escape keep it; a prefix matches`, async () => {
      const page = await signedIn(viewport);
      await page.goto(`${stoop.url}/main_dashboard/search`);
      const box = page.getByRole('combobox', { name: 'Search messages' });
      await box.fill('tomat');
      await box.press('Enter');
      await page.waitForURL(/\/main_dashboard\/search\?q=tomat$/);
      await page.getByText('1 result for').waitFor();
      await box.press('Escape');
      expect(await box.inputValue()).toBe('tomat');
      await page.reload();
      await page.getByText('1 result for').waitFor();
      expect(await box.inputValue()).toBe('tomat');
      await page.screenshot({ path: `${SHOTS}/keeping-${viewport.name}-search-address.png` });
      await box.fill('courtyard ripe');
      await box.press('Enter');
      await page.waitForURL(/q=courtyard\+ripe$/);
      await page.goBack();
      await page.waitForURL(/q=tomat$/);
      await page.waitForFunction(
        () =>
          document.querySelector<HTMLInputElement>('input[aria-label="Search messages"]')?.value === 'tomat',
      );
      await page.context().close();
    });

    it(`${viewport.name} px: the event form's end follows its start and its date fields fit`, async () => {
      const page = await signedIn(viewport);
      await page.goto(lobbyUrl());
      await page.getByRole('button', { name: 'Create an event' }).click();
      const dialog = page.getByRole('dialog', { name: 'New event' });
      await dialog.waitFor();
      const starts = dialog.getByLabel('Starts');
      const ends = dialog.getByLabel('Ends');
      await starts.fill('2030-05-01T18:00');
      await ends.fill('2030-05-01T20:30');
      await starts.fill('2030-05-03T09:00');
      expect(await ends.inputValue()).toBe('2030-05-03T11:30');
      const dialogBox = (await dialog.boundingBox())!;
      for (const field of [starts, ends]) {
        const box = (await field.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(dialogBox.x);
        expect(box.x + box.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.screenshot({ path: `${SHOTS}/keeping-${viewport.name}-event-form.png` });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.context().close();
    });

    it(`${viewport.name} px: a message written offline carries a clock until it is sent`, async () => {
      const page = await signedIn(viewport);
      await page.goto(lobbyUrl());
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.waitFor();
      await page.context().setOffline(true);
      await box.fill(`Written offline at ${viewport.name}`);
      await box.press('Enter');
      const row = page
        .locator('article[data-message-id]')
        .filter({ hasText: `Written offline at ${viewport.name}` });
      await row.getByTestId('pending-mark').waitFor();
      await page.screenshot({ path: `${SHOTS}/keeping-${viewport.name}-pending-clock.png` });
      await page.context().setOffline(false);
      await row.getByTestId('pending-mark').waitFor({ state: 'detached', timeout: 30_000 });
      await page.context().close();
    });
  }
});
