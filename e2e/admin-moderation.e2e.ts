import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hasChromium } from './support/browser.ts';
import { startStoopAndBrowser, stopStoopAndBrowser } from './support/stoop-and-browser.ts';
import { ADMIN, type RunningStoop } from './support/server.ts';
import { createResident, logInThroughForm, type Resident } from './support/community.ts';

const SHOTS = '/tmp/shots';
const HIDDEN_TEXT = 'This message was hidden by an admin.';
const CHANNEL_FAILED = 'The channel could not be changed.';

type Channel = { id: string; name: string };

describe.skipIf(!hasChromium)('moderation: flagged messages and hidden channels', () => {
  let stoop: RunningStoop;
  let browser: Browser;
  let author: Resident;
  let reader: Resident;
  let lobby: Channel;
  const contexts: BrowserContext[] = [];

  async function signedIn(who: { email: string; password: string }, width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await logInThroughForm(page, stoop.url, who.email, who.password);
    return page;
  }

  const channelPath = (id: string) => `/main_dashboard/conversations/channel/${id}`;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ stoop, browser } = await startStoopAndBrowser());
    author = await createResident(stoop.url, 'Rowan Pike');
    reader = await createResident(stoop.url, 'Ines Duarte');
    lobby = (
      await author.api.request<{ conversation: Channel }>('POST', '/api/conversations', {
        type: 'channel',
        name: 'lobby',
      })
    ).conversation;
    for (const text of [
      'Parcel room is open again',
      'Who left the bike in the hall?',
      'Whoever did it is an idiot and should move out',
      'Let us keep it friendly',
      'Bike is gone now, thanks',
    ]) {
      await author.api.request('POST', `/api/conversations/${lobby.id}/messages`, { content: text });
    }
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await stopStoopAndBrowser({ stoop, browser });
  });

  it('R-ADMIN-7, R-ADMIN-9, R-ADMIN-10: a resident flags, the admin hides it, the resident sees the placeholder live', async () => {
    const residentPage = await signedIn(reader);
    await residentPage.goto(`${stoop.url}${channelPath(lobby.id)}`);
    const rude = residentPage.locator('[data-message-id]', { hasText: 'should move out' });
    await rude.hover();
    await rude.getByRole('button', { name: 'Report to admins' }).click();
    // R-REPORT-1: the reason is asked for (optional), then the report is confirmed.
    const reportDialog = residentPage.getByRole('dialog', { name: 'Report this message?' });
    await reportDialog.getByLabel('Harassment').check();
    await reportDialog
      .getByLabel('Anything the admins should know (optional)')
      .fill('Aimed at the family in 4B');
    await residentPage.screenshot({ path: `${SHOTS}/report-dialog-1280.png` });
    await reportDialog.getByRole('button', { name: 'Report', exact: true }).click();
    await residentPage.getByText('Thanks, the message was reported to the admins.').waitFor();
    await rude.getByRole('button', { name: 'Withdraw report' }).waitFor({ state: 'attached' });

    const adminPage = await signedIn(ADMIN);
    await adminPage.goto(`${stoop.url}/admin_dashboard/flagged_content`);
    const card = adminPage.locator('[data-flagged-message-id]', { hasText: 'should move out' });
    await card.waitFor();
    // The context around it, the author and the flagger.
    await card.getByText('Who left the bike in the hall?').waitFor();
    await card.getByText('Let us keep it friendly').waitFor();
    await card.getByText('Ines Duarte').waitFor();
    await card.getByText('Rowan Pike').first().waitFor();
    // R-REPORT-3: the reason and the reporter's words.
    await card.getByTestId('report-reason').getByText('Harassment').waitFor();
    await card.getByText('Aimed at the family in 4B').waitFor();
    await adminPage.screenshot({ path: `${SHOTS}/flagged-content-1280.png`, fullPage: true });

    const narrow = await signedIn(ADMIN, 360);
    await narrow.goto(`${stoop.url}/admin_dashboard/flagged_content`);
    await narrow.locator('[data-flagged-message-id]').first().waitFor();
    await narrow.screenshot({ path: `${SHOTS}/flagged-content-360.png`, fullPage: true });
    // Nothing sticks out sideways at 360 px.
    const overflow = await narrow.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await card.getByRole('button', { name: 'Hide' }).click();
    await adminPage.getByText('Message hidden from residents.').waitFor();
    await adminPage.getByText('No flagged messages').waitFor();

    // Live, without a reload: the placeholder replaces the text for the resident.
    await residentPage.getByText(HIDDEN_TEXT).waitFor();
    expect(await residentPage.getByText('should move out').count()).toBe(0);
    // The other admin's screen catches up when its window regains focus (R-ADMIN-10).
    await narrow.evaluate(() => window.dispatchEvent(new Event('focus')));
    await narrow.getByText('No flagged messages').waitFor();
    await narrow.screenshot({ path: `${SHOTS}/flagged-content-empty-360.png`, fullPage: true });
  });

  it('R-ACCESS-2, R-CONV-2: the admin hides a channel and the resident loses it live', async () => {
    const residentPage = await signedIn(reader);
    await residentPage.goto(`${stoop.url}/main_dashboard`);
    const sidebarLink = residentPage.getByRole('link', { name: /lobby/ }).first();
    await sidebarLink.waitFor();

    const adminPage = await signedIn(ADMIN);
    await adminPage.goto(`${stoop.url}${channelPath(lobby.id)}`);
    await adminPage.getByRole('button', { name: 'Channel admin actions' }).click();
    await adminPage.getByRole('menuitem', { name: 'Hide channel' }).click();

    await sidebarLink.waitFor({ state: 'detached' });
    // And after a reload it stays away.
    await residentPage.goto(`${stoop.url}${channelPath(lobby.id)}`);
    await residentPage.waitForTimeout(500);
    expect(await residentPage.getByText('Parcel room is open again').count()).toBe(0);
  });

  it('R-CONV-2: a channel flag the server refuses rolls back with its toast', async () => {
    const doomed = (
      await author.api.request<{ conversation: Channel }>('POST', '/api/conversations', {
        type: 'channel',
        name: 'doomed',
      })
    ).conversation;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    // Keep the deletion from reaching this screen live, so the stale channel is still there to act on.
    await context.routeWebSocket(/socket\.io/, (ws) => {
      const server = ws.connectToServer();
      server.onMessage((message) => {
        if (!String(message).includes('conversation:deleted')) ws.send(message);
      });
    });
    const adminPage = await context.newPage();
    await logInThroughForm(adminPage, stoop.url, ADMIN.email, ADMIN.password);
    // The page reads the conversation list on load and again on its first socket connection
    // (R-RT-4); the channel is stale only once both reads are done.
    let listReads = 0;
    adminPage.on('response', (response) => {
      if (response.request().method() === 'GET' && new URL(response.url()).pathname === '/api/conversations')
        listReads++;
    });
    await adminPage.goto(`${stoop.url}${channelPath(doomed.id)}`);
    await adminPage.getByRole('button', { name: 'Channel admin actions' }).waitFor();
    await expect.poll(() => listReads, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);

    // Another session deletes the channel first: the flag fails for real (404).
    await author.api.request('DELETE', `/api/conversations/${doomed.id}`);

    await adminPage.getByRole('button', { name: 'Channel admin actions' }).click();
    await adminPage.getByRole('menuitem', { name: 'Flag channel' }).click();
    await adminPage.getByText(CHANNEL_FAILED).waitFor();
    // Rolled back: no "Flagged" mark, and the menu offers to flag again.
    expect(await adminPage.locator('header').getByText('Flagged', { exact: true }).count()).toBe(0);
    await adminPage.getByRole('button', { name: 'Channel admin actions' }).click();
    await adminPage.getByRole('menuitem', { name: 'Flag channel' }).waitFor();
  });
});
