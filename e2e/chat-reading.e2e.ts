/**
 * Reading a conversation in real Chromium at 360 and 1280 px: it opens at the newest message after
 * images and cards have their size, and the newest message never leaves the bottom meanwhile (R-MSG-21); returning shows a "New
 * messages" line and opens there, after a full reload too, and a reader scrolled up gets a pill that goes to the newest
 * (R-MSG-22); one author's messages are grouped (R-MSG-23); the list is one tab stop with arrow keys
 * inside it (R-MSG-24). Screenshots go to /tmp/shots/.
 */
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium } from './support/browser.ts';
import { createResident, logInThroughForm, type Resident } from './support/community.ts';
import { maxOffBottom, WATCH_BOTTOM } from './support/list-watch.ts';
import { startNeighbours } from './support/neighbours.ts';
import type { RunningStoop } from './support/server.ts';
import { stopStoopAndBrowser } from './support/stoop-and-browser.ts';

const SHOTS = '/tmp/shots';
const WIDTHS = [360, 1280] as const;
/** Rendering rounds to device pixels; anything more is a visible jump. */
const TOLERANCE_PX = 3;

const list = (page: Page) => page.getByRole('region', { name: 'Messages' });
const row = (page: Page, text: string) => page.locator('article[data-message-id]').filter({ hasText: text });
const distanceFromBottom = (page: Page) =>
  list(page).evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop);
const settle = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

/** A photo-like PNG of the given size, for the server to make a thumbnail of. */
const picture = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe.skipIf(!hasChromium)('chat: reading a conversation', () => {
  let stoop: RunningStoop;
  let browser: Browser;
  let nadia: Resident;
  let omar: Resident;
  let channelUrl = '';
  let conversationId = '';
  let gardenId = '';
  /** Who writes while Nadia is away, one per screen width (sends are limited per resident and minute). */
  let writers: Record<(typeof WIDTHS)[number], Resident>;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ stoop, browser, nadia, omar, conversationId, channelUrl } = await startNeighbours());
    const { conversation } = await nadia.api.request<{ conversation: { id: string } }>(
      'POST',
      '/api/conversations',
      { type: 'channel', name: 'garden' },
    );
    gardenId = conversation.id;
    writers = {
      360: await createResident(stoop.url, 'Lena Berg'),
      1280: await createResident(stoop.url, 'Yusuf Demir'),
    };
  }, 300_000);
  afterAll(() => stopStoopAndBrowser({ stoop, browser }));

  const post = (who: Resident, content: string, conversation = conversationId) =>
    who.api.request('POST', `/api/conversations/${conversation}/messages`, { content });

  async function postPicture(who: Resident, name: string, width: number, height: number, colour: string) {
    const form = new FormData();
    form.set('content', '');
    form.set('file', new Blob([await picture(width, height, colour)], { type: 'image/png' }), name);
    return who.api.request<{ message: { seq: number } }>(
      'POST',
      `/api/conversations/${conversationId}/messages`,
      form,
    );
  }

  /** Nadia's unread count in the lobby, as the server keeps it. */
  const unreadInLobby = async () => {
    const { conversations } = await nadia.api.request<{
      conversations: { id: string; unreadCount: number }[];
    }>('GET', '/api/conversations');
    return conversations.find((conversation) => conversation.id === conversationId)?.unreadCount;
  };

  /**
   * Opens a channel from the sidebar, through the menu drawer on a phone; with `unread`, once the
   * sidebar counts at least that many unread there (the page has heard every message sent while away).
   */
  async function goToChannel(page: Page, name: string, unread = 0) {
    if ((page.viewportSize()?.width ?? 0) < 1024) await page.getByRole('button', { name: /^Open / }).click();
    const link = page.getByRole('link', { name }).first();
    const counted = async () =>
      Number(/, (\d+) unread/.exec((await link.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
    await expect
      .poll(counted, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(unread)
      .catch(async (error: unknown) => {
        await page.screenshot({ path: `${SHOTS}/chat-sidebar-failed-${page.viewportSize()?.width}.png` });
        throw error;
      });
    await link.click();
  }

  async function open(width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 740 : 800 } });
    const page = await context.newPage();
    await page.addInitScript(WATCH_BOTTOM);
    await logInThroughForm(page, stoop.url, nadia.email, nadia.password);
    return page;
  }

  it('R-MSG-21: opens at the newest message after pictures and cards have their size, without a jump', async () => {
    for (let n = 1; n <= 20; n += 1) await post(n % 3 ? omar : nadia, `Earlier note ${n}`);
    await postPicture(omar, 'courtyard.png', 1200, 900, '#6a9');
    await post(omar, 'And the poll:');
    await omar.api.request('POST', `/api/conversations/${conversationId}/polls`, {
      question: 'Which day for the clean-up?',
      options: ['Saturday', 'Sunday', 'Either'],
    });
    const start = new Date(Date.now() + 3 * 86_400_000);
    await omar.api.request('POST', '/api/events', {
      title: 'Courtyard clean-up',
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      location: 'Courtyard',
      description: 'Gloves provided.',
      conversationId,
    });
    await postPicture(omar, 'bikes.png', 800, 1200, '#a76');
    const { message: newest } = await postPicture(omar, 'roof.png', 1600, 600, '#67a');
    // Nadia has read it all (on another device): nothing unread, so it opens at the newest message.
    // With unread messages it opens at the first of them instead (R-MSG-22, tested below).
    await nadia.api.request('POST', `/api/conversations/${conversationId}/read`, { seq: newest.seq });

    for (const width of WIDTHS) {
      const page = await open(width);
      await page.goto(channelUrl);
      await page.getByRole('img', { name: 'roof.png' }).waitFor();
      // Everything has its size: the pictures are in, the cards are drawn.
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll('article img[alt$=".png"]')).every((element) => {
          const img = element as HTMLImageElement;
          return img.complete && img.naturalWidth > 0;
        }),
      );
      await page.getByText('Which day for the clean-up?').waitFor();
      await page.getByText('Courtyard clean-up').first().waitFor();
      await settle(page);
      expect(await distanceFromBottom(page)).toBeLessThanOrEqual(TOLERANCE_PX);
      // The picture took its space before it loaded: reserved from the server's thumbnail size.
      const box = await page.getByRole('img', { name: 'roof.png' }).evaluate((img) => {
        const rect = img.getBoundingClientRect();
        return { width: rect.width, height: rect.height, attr: img.getAttribute('width') };
      });
      expect(box.attr).toBe('320');
      expect(Math.abs(box.width / box.height - 320 / 120)).toBeLessThan(0.05);
      expect(await maxOffBottom(page)).toBeLessThanOrEqual(TOLERANCE_PX);
      await page.screenshot({ path: `${SHOTS}/chat-open-newest-${width}.png` });
      await page.context().close();
    }
  });

  it('R-MSG-22: a "New messages" line above the first unread, and a pill to the newest', async () => {
    await post(nadia, 'Back in a moment');
    for (const width of WIDTHS) {
      const page = await open(width);
      await page.goto(channelUrl);
      await page.locator('article[data-message-id]').first().waitFor();
      // Away in the garden while Omar writes in the lobby.
      await goToChannel(page, 'garden');
      await page.waitForURL(new RegExp(gardenId));
      for (let n = 1; n <= 14; n += 1)
        await post(writers[width], `Unread ${width} number ${n} since you left`);
      // As a resident would: back once the sidebar has counted them. (On a loaded machine the live
      // events can trail the sends by seconds, and a return before them has no unread to mark.)
      await goToChannel(page, 'lobby', 14);
      await page.waitForURL(new RegExp(conversationId));
      const line = page.getByRole('separator', { name: 'New messages' });
      await line.waitFor({ timeout: 10_000 }).catch(async (error: unknown) => {
        await page.screenshot({ path: `${SHOTS}/chat-unread-line-failed-${width}.png` });
        throw error;
      });
      await row(page, `Unread ${width} number 14 since`).waitFor({ state: 'attached' });
      await settle(page);
      // Opened at the first unread: the line and that message near the top, the newest below.
      const firstUnreadTop = () =>
        row(page, `Unread ${width} number 1 since`).evaluate((article) => {
          const scroller = article.closest('[aria-label="Messages"]')!;
          return article.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
        });
      // On a loaded machine the list may still be scrolling to the line when first measured.
      await expect
        .poll(firstUnreadTop, { timeout: 5_000 })
        .toBeLessThan(120)
        .catch(async (error: unknown) => {
          // What the reader saw, to tell a list that did not scroll from rows that are missing.
          await page.screenshot({ path: `${SHOTS}/chat-unread-line-failed-${width}.png` });
          const rows = await page.locator('article[data-message-id]').allTextContents();
          const shown = rows.filter((text) => text.includes(`Unread ${width} number`)).length;
          throw new Error(
            `${String(error)}; ${shown} of 14 unread rows shown, ${await distanceFromBottom(page)} px from the bottom`,
          );
        });
      await page.screenshot({ path: `${SHOTS}/chat-unread-line-${width}.png` });
      expect(await firstUnreadTop()).toBeGreaterThan(0);
      expect(await firstUnreadTop()).toBeLessThan(120);
      expect(await line.isVisible()).toBe(true);

      // Scrolled up while two more arrive: the pill counts them and goes to the newest.
      await list(page).evaluate((el) => {
        el.scrollTop = 0;
      });
      await settle(page);
      await post(writers[width], `Live ${width} one`);
      await post(writers[width], `Live ${width} two`);
      const pill = page.getByRole('button', { name: '2 new messages' });
      await pill.waitFor();
      await page.screenshot({ path: `${SHOTS}/chat-new-pill-${width}.png` });
      await pill.click();
      await settle(page);
      expect(await distanceFromBottom(page)).toBeLessThanOrEqual(TOLERANCE_PX);
      await expect(pill.count()).resolves.toBe(0);
      // At the newest message the page reports it all read (a moment later, R-RECEIPT-6); the next
      // width's "New messages" line starts from there, so the report must have landed first.
      await expect.poll(unreadInLobby, { timeout: 10_000 }).toBe(0);
      await page.context().close();
    }
  });

  it('R-MSG-22: after a full reload, the "New messages" line is above the first unread and the view opens there', async () => {
    // Own writers: the ones above are near the per-minute send limit.
    const reloadWriters = {
      360: await createResident(stoop.url, 'Ines Roth'),
      1280: await createResident(stoop.url, 'Kofi Mensah'),
    };
    for (const width of WIDTHS) {
      await post(omar, `Reload ${width}: read before leaving`);
      const page = await open(width);
      await page.goto(channelUrl);
      await row(page, `Reload ${width}: read before leaving`).waitFor();
      await settle(page);
      // The app is left entirely (the tab closed, the laptop shut) while others write.
      await page.goto('about:blank');
      for (let n = 1; n <= 14; n += 1)
        await post(reloadWriters[width], `Reload ${width} unread ${n} while away`);
      // Back with a full page load at the conversation's own address.
      await page.goto(channelUrl);
      const line = page.getByRole('separator', { name: 'New messages' });
      await line.waitFor({ timeout: 10_000 });
      await row(page, `Reload ${width} unread 14 while`).waitFor({ state: 'attached' });
      await settle(page);
      const topOf = (text: string) =>
        row(page, text).evaluate((article) => {
          const scroller = article.closest('[aria-label="Messages"]')!;
          return article.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
        });
      await expect.poll(() => topOf(`Reload ${width} unread 1 while`), { timeout: 5_000 }).toBeLessThan(120);
      await page.screenshot({ path: `${SHOTS}/chat-unread-line-reload-${width}.png` });
      expect(await topOf(`Reload ${width} unread 1 while`)).toBeGreaterThan(0);
      // The line sits right above the first unread message, and nothing read is below it.
      const lineBottom = await line.evaluate((el) => el.getBoundingClientRect().bottom);
      const firstUnread = await row(page, `Reload ${width} unread 1 while`).evaluate(
        (el) => el.getBoundingClientRect().top,
      );
      expect(firstUnread - lineBottom).toBeGreaterThanOrEqual(-1);
      expect(firstUnread - lineBottom).toBeLessThan(40);
      const after = await page.evaluate(() => {
        const separator = document.querySelector('[role="separator"][aria-label="New messages"]')!;
        return Array.from(document.querySelectorAll('article[data-message-id]'))
          .filter((a) => separator.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING)
          .map((a) => a.textContent ?? '');
      });
      expect(after).toHaveLength(14);
      expect(after.every((text) => text.includes(`Reload ${width} unread`))).toBe(true);

      // Opening them read them: reloading once more shows no line and lands on the newest.
      await page.reload();
      await row(page, `Reload ${width} unread 14 while`).waitFor();
      await settle(page);
      await expect.poll(() => distanceFromBottom(page), { timeout: 5_000 }).toBeLessThanOrEqual(TOLERANCE_PX);
      await expect(line.count()).resolves.toBe(0);
      await page.context().close();
    }
  });

  it('R-MSG-23: one author’s messages a few minutes apart share one name and avatar', async () => {
    await post(nadia, 'Group start: the lift is back');
    await post(nadia, 'Group second: tested it twice');
    await post(nadia, 'Group third: all floors');
    await post(omar, 'Group other: thanks!');
    for (const width of WIDTHS) {
      const page = await open(width);
      await page.goto(channelUrl);
      await row(page, 'Group other').waitFor();
      await settle(page);
      const grouped = async (text: string) => (await row(page, text).getAttribute('data-grouped')) === 'true';
      expect(await grouped('Group start')).toBe(false);
      expect(await grouped('Group second')).toBe(true);
      expect(await grouped('Group third')).toBe(true);
      expect(await grouped('Group other')).toBe(false);
      // The grouped rows show no name of their own, but still say who wrote them.
      await expect(row(page, 'Group second').getByText(nadia.username).count()).resolves.toBe(0);
      await expect(row(page, 'Group second').getAttribute('aria-label')).resolves.toContain(nadia.username);
      await page.screenshot({ path: `${SHOTS}/chat-grouping-${width}.png` });
      await page.context().close();
    }
  });

  it('R-MSG-24: the list is one tab stop with arrow keys inside; Tab reaches the composer; Escape closes menus', async () => {
    for (const width of WIDTHS) {
      const page = await open(width);
      await page.goto(channelUrl);
      await row(page, 'Group other').waitFor();
      await settle(page);
      const focused = () =>
        page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          return el?.getAttribute('aria-label') ?? el?.tagName ?? '';
        });
      await list(page).focus();
      // One Tab from the list: the composer's tools, never a message's buttons.
      await page.keyboard.press('Tab');
      const afterList = await page.evaluate(
        () => document.activeElement?.closest('[aria-label="Messages"]') === null,
      );
      expect(afterList).toBe(true);
      await page.getByRole('textbox', { name: 'Message' }).focus();
      // Back with Shift+Tab until the list: no message control is on the way.
      for (let i = 0; i < 6 && (await focused()) !== 'Messages'; i += 1) {
        await page.keyboard.press('Shift+Tab');
        const inRow = await page.evaluate(
          () => document.activeElement?.closest('article[data-message-id]') !== null,
        );
        expect(inRow).toBe(false);
      }
      expect(await focused()).toBe('Messages');

      // Arrows inside: Up to the newest message, Up again to the one before.
      await page.keyboard.press('ArrowUp');
      expect(await focused()).toMatch(new RegExp(`^${omar.username} at`));
      await page.keyboard.press('ArrowUp');
      expect(await focused()).toMatch(new RegExp(`^${nadia.username} at`));
      // Tab from a message reaches its own controls; its reaction menu closes on Escape.
      await page.keyboard.press('Tab');
      expect(await focused()).toMatch(/^(Like|Unlike)$/);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      const picker = page.getByRole('dialog').or(page.getByRole('menu')).first();
      await picker.waitFor();
      await page.screenshot({ path: `${SHOTS}/chat-keyboard-menu-${width}.png` });
      await page.keyboard.press('Escape');
      await expect(picker.count()).resolves.toBe(0);
      await page.context().close();
    }
  });

  it('R-SEARCH-9: results show markdown as the chat does, and a word prefix matches', async () => {
    await post(omar, '**Recycling** goes out on _Thursday_, see [the rules](https://example.com/rules)');
    for (const width of WIDTHS) {
      const page = await open(width);
      await page.goto(`${stoop.url}/main_dashboard/search?q=recycl`);
      const result = page.locator('[data-search-result]').first();
      await result.waitFor();
      // Bold and italic as in the chat, the matched prefix marked inside the bold word.
      await result.locator('strong mark').waitFor();
      expect(await result.locator('strong mark').textContent()).toBe('Recycling');
      expect(await result.locator('em').textContent()).toBe('Thursday');
      // No raw markdown, and no link inside the result's own link.
      expect(await result.textContent()).not.toContain('**');
      expect(await result.locator('a').count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/search-markdown-${width}.png` });
      await page.context().close();
    }
  });
});
