/**
 * R-ADMIN-18, R-API-40 (decision 0034): an admin viewing Stoop as a resident (POST /api/set-user)
 * sees a "Viewing as" banner on every signed-in screen, cannot read the resident's direct
 * conversations (the list and the conversation say they are not available), and gets their own identity back with the banner's Stop and with logout.
 * R-SESSION-14: the web app signs in through the form and keeps working on the renewed CSRF token.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { TEXTS } from '@stoop/shared/texts';
import { hasChromium } from './support/browser.ts';
import { createResident, logInThroughForm, type Resident } from './support/community.ts';
import { ADMIN, type RunningStoop } from './support/server.ts';
import { startStoopAndBrowser, stopStoopAndBrowser } from './support/stoop-and-browser.ts';

const SHOTS = '/tmp/shots';
const WIDTHS = [360, 1280] as const;
const SECRET = 'The spare key is under the blue flowerpot';

describe.skipIf(!hasChromium)('R-ADMIN-18: viewing as a resident in Chromium', () => {
  let stoop: RunningStoop;
  let browser: Browser;
  let rosa: Resident;
  let directId = '';

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ stoop, browser } = await startStoopAndBrowser());
    rosa = await createResident(stoop.url, 'Rosa Viewed');
    const tomas = await createResident(stoop.url, 'Tomas Neighbour');
    await rosa.api.login(rosa.email, rosa.password);
    const { conversation } = await rosa.api.request<{ conversation: { id: string } }>(
      'POST',
      '/api/conversations',
      { type: 'direct', participantIds: [tomas.id] },
    );
    directId = conversation.id;
    await rosa.api.request('POST', `/api/conversations/${directId}/messages`, { content: SECRET });
  });
  afterAll(() => stopStoopAndBrowser({ stoop, browser }));

  const banner = (page: Page) => page.getByTestId('viewing-as-banner');

  /** The page's own session, asked from inside the page: who it is and who views. */
  const sessionOf = (page: Page) =>
    page.evaluate(async () => {
      const response = await fetch('/api/protected/user');
      return (await response.json()) as { user: { id: string; username: string }; viewer?: { id: string } };
    });

  /** Starts viewing as `userId` from the signed-in page, as an admin's tool would call it. */
  async function startViewing(page: Page, userId: string): Promise<void> {
    const status = await page.evaluate(async (id) => {
      const { csrfToken } = (await (await fetch('/api/csrf-token')).json()) as { csrfToken: string };
      const response = await fetch('/api/set-user', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
        body: JSON.stringify({ userId: id }),
      });
      return response.status;
    }, userId);
    expect(status).toBe(200);
  }

  /** The admin signs in through the form; the logout that follows uses the token of that answer. */
  async function adminSignsIn(page: Page): Promise<string> {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/login'));
    await logInThroughForm(page, stoop.url, ADMIN.email, ADMIN.password);
    const body = (await (await answer).json()) as { csrfToken?: string };
    expect(typeof body.csrfToken).toBe('string');
    return body.csrfToken!;
  }

  async function logOutFromMenu(page: Page): Promise<{ status: number; token: string | null }> {
    const logout = page.waitForResponse((r) => r.url().endsWith('/api/logout'));
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    const response = await logout;
    await page.waitForURL(/\/login$/);
    return { status: response.status(), token: response.request().headers()['x-csrf-token'] ?? null };
  }

  for (const width of WIDTHS) {
    it(`shows the banner on every signed-in screen at ${width} px, hides the direct conversations, and ends with Stop and with logout`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      await adminSignsIn(page);
      const admin = (await sessionOf(page)).user;

      await startViewing(page, rosa.id);
      const screens: [string, string][] = [
        ['chat-intro', '/main_dashboard/chat-intro'],
        ['residents', '/main_dashboard/residents'],
        ['announcements', '/main_dashboard/announcements'],
        ['events', '/main_dashboard/events'],
        ['direct', `/main_dashboard/conversations/direct/${directId}`],
        ['account', '/account_settings'],
        ['notifications', '/account_settings/notifications'],
      ];
      for (const [name, path] of screens) {
        await page.goto(`${stoop.url}${path}`);
        await banner(page).waitFor();
        expect(await banner(page).innerText()).toContain(`Viewing as ${rosa.username}`);
        await banner(page).getByRole('button', { name: 'Stop' }).waitFor();
        // The banner fits the narrowest screen: nothing sticks out sideways.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, name).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${SHOTS}/viewing-as-${width}-${name}.png` });
      }

      // The resident's direct conversation shows none of its messages, and the server refuses them.
      await page.goto(`${stoop.url}/main_dashboard/conversations/direct/${directId}`);
      await banner(page).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByText(SECRET).count()).toBe(0);
      // It says why, instead of a spinner waiting for what the server refuses.
      await page.getByRole('heading', { name: TEXTS.viewingAsNoConversationsTitle }).waitFor();
      expect(await page.getByText(TEXTS.viewingAsNoConversations).count()).toBeGreaterThan(0);
      expect(await page.getByText('Loading conversation', { exact: false }).count()).toBe(0);
      const refused = await page.evaluate(async (id) => {
        const response = await fetch(`/api/conversations/${id}/messages`);
        return { status: response.status, body: await response.text() };
      }, directId);
      expect(refused.status).toBe(403);
      expect(refused.body).toContain('VIEWING_AS');
      expect(refused.body).not.toContain(SECRET);
      expect((await sessionOf(page)).viewer?.id).toBe(admin.id);

      // Stop returns to the admin: no banner, the admin's own session.
      // Stop loads the app anew at "/": wait for the new page, since the old one's URL matches too.
      const reloaded = page.waitForEvent('load');
      await banner(page).getByRole('button', { name: 'Stop' }).click();
      await reloaded;
      await page.waitForURL(/\/(main|admin)_dashboard/);
      await page.getByRole('button', { name: /Account menu for/ }).waitFor();
      expect(await banner(page).count()).toBe(0);
      const back = await sessionOf(page);
      expect(back.user.id).toBe(admin.id);
      expect(back.viewer).toBeUndefined();
      await page.screenshot({ path: `${SHOTS}/viewing-as-${width}-stopped.png` });

      // Viewing again, then logging out: the next sign-in is the admin's own, with no banner.
      await startViewing(page, rosa.id);
      await page.goto(`${stoop.url}/main_dashboard/chat-intro`);
      await banner(page).waitFor();
      expect((await logOutFromMenu(page)).status).toBe(200);
      expect(await banner(page).count()).toBe(0);
      const renewed = await adminSignsIn(page);
      await page.getByRole('button', { name: /Account menu for/ }).waitFor();
      expect(await banner(page).count()).toBe(0);
      const again = await sessionOf(page);
      expect(again.user.id).toBe(admin.id);
      expect(again.viewer).toBeUndefined();
      await page.screenshot({ path: `${SHOTS}/viewing-as-${width}-after-logout.png` });

      // R-SESSION-14: without a reload, the app's next mutating call sends the token of the sign-in answer.
      expect(await logOutFromMenu(page)).toEqual({ status: 200, token: renewed });
      await context.close();
    });
  }
});
