/**
 * The message list's scrolling in real Chromium at phone size (360×740), where jsdom cannot tell:
 * a channel with more than one page of messages opens at the newest message; scrolling to the top
 * loads the older page and the row that was at the top stays where it was on screen; a live
 * message is seen without scrolling by a reader at the bottom and does not move a reader who
 * scrolled up. The list is a focusable, named region with no WCAG A/AA violations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { MESSAGE_PAGE_SIZE } from '@stoop/shared/constants';
import { wcagViolations } from './support/axe.ts';
import { startNeighbours } from './support/neighbours.ts';
import { stopStoopAndBrowser } from './support/stoop-and-browser.ts';
import { hasChromium } from './support/browser.ts';
import { logInThroughForm, type Resident } from './support/community.ts';
import type { RunningStoop } from './support/server.ts';
import { firstLoadJs } from '../bench/support/web-bundle.ts';

/** More than two pages, so the first older page is a whole one and more are left after it. */
const MESSAGE_COUNT = MESSAGE_PAGE_SIZE * 2 + 5;
const note = (n: number) => `Note ${String(n).padStart(2, '0')} from the lobby`;
/** Rendering rounds to device pixels; anything more than this is a visible jump. */
const TOLERANCE_PX = 3;

const list = (page: Page) => page.getByRole('region', { name: 'Messages' });
// The app's rows (the server's first view draws rows of its own until the app replaces it).
const row = (page: Page, text: string) => page.locator('article[data-message-id]').filter({ hasText: text });

/** How far a row's top is below the list's top, on screen. */
const topOnScreen = (page: Page, text: string) =>
  row(page, text).evaluate((article) => {
    const scroller = article.closest('[aria-label="Messages"]')!;
    return article.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
  });

/** Whether the whole row is inside the list's visible area. */
const fullyVisible = (page: Page, text: string) =>
  row(page, text).evaluate((article) => {
    const box = article.getBoundingClientRect();
    const view = article.closest('[aria-label="Messages"]')!.getBoundingClientRect();
    return box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
  });

const distanceFromBottom = (scroller: Locator) =>
  scroller.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop);

/** Two animation frames: time for a commit, its layout effects and resize observers to show. */
const settle = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

describe.skipIf(!hasChromium)('message list: scrolling a conversation in real Chromium', () => {
  let stoop: RunningStoop;
  let browser: Browser;
  let nadia: Resident;
  let omar: Resident;
  let channelUrl = '';
  let conversationId = '';

  beforeAll(async () => {
    ({ stoop, browser, nadia, omar, conversationId, channelUrl } = await startNeighbours());
    for (let n = 1; n <= MESSAGE_COUNT; n += 1) await post(n % 2 ? nadia : omar, note(n));
  });
  afterAll(() => stopStoopAndBrowser({ stoop, browser }));

  /** The change-feed position of the newest message posted, for Nadia to have read up to. */
  let newestSeq = 0;
  const post = async (who: Resident, content: string) => {
    const { message } = await who.api.request<{ message: { seq: number } }>(
      'POST',
      `/api/conversations/${conversationId}/messages`,
      { content },
    );
    newestSeq = Math.max(newestSeq, message.seq);
  };

  /**
   * Nadia on her phone, the lobby open and settled at its newest message. She has read it all on
   * another device: with unread messages it would open at the first of them (R-MSG-22).
   */
  async function openLobby(): Promise<Page> {
    await nadia.api.request('POST', `/api/conversations/${conversationId}/read`, { seq: newestSeq });
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await logInThroughForm(page, stoop.url, nadia.email, nadia.password);
    await page.goto(channelUrl);
    await row(page, note(MESSAGE_COUNT)).waitFor();
    await settle(page);
    return page;
  }

  it('opens at the newest message, and an older page keeps the top row where it was', async () => {
    const page = await openLobby();
    const scroller = list(page);
    expect(await row(page, note(MESSAGE_COUNT - MESSAGE_PAGE_SIZE)).count()).toBe(0);
    expect(await distanceFromBottom(scroller)).toBeLessThanOrEqual(TOLERANCE_PX);
    expect(await fullyVisible(page, note(MESSAGE_COUNT))).toBe(true);

    // To the top: the oldest loaded row is measured in the same task, before the scroll event
    // asks for the older page.
    const oldestLoaded = note(MESSAGE_COUNT - MESSAGE_PAGE_SIZE + 1);
    const before = await scroller.evaluate((el, text) => {
      el.scrollTop = 0;
      const article = Array.from(el.querySelectorAll('article')).find((a) => a.textContent?.includes(text))!;
      return article.getBoundingClientRect().top - el.getBoundingClientRect().top;
    }, oldestLoaded);
    await row(page, note(MESSAGE_COUNT - MESSAGE_PAGE_SIZE)).waitFor();
    await row(page, note(MESSAGE_COUNT - 2 * MESSAGE_PAGE_SIZE + 1)).waitFor();
    await settle(page);
    expect(Math.abs((await topOnScreen(page, oldestLoaded)) - before)).toBeLessThanOrEqual(TOLERANCE_PX);
    // The page came in above, out of sight: the reader scrolls up to it.
    expect(await scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

    // The list is keyboard-scrollable and meets WCAG 2.1 A/AA.
    await scroller.focus();
    const scrolledBefore = await scroller.evaluate((el) => el.scrollTop);
    await page.keyboard.press('PageDown');
    await page.waitForFunction((from) => {
      const el = document.querySelector('[aria-label="Messages"]')!;
      return el.scrollTop > from;
    }, scrolledBefore);
    expect(await wcagViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('shows a live message to a reader at the bottom, and does not move a reader who scrolled up', async () => {
    const page = await openLobby();
    const scroller = list(page);

    await post(omar, 'Live while at the bottom');
    await row(page, 'Live while at the bottom').waitFor();
    await settle(page);
    expect(await fullyVisible(page, 'Live while at the bottom')).toBe(true);
    expect(await distanceFromBottom(scroller)).toBeLessThanOrEqual(TOLERANCE_PX);

    // Scrolled up to the middle of the loaded page (not near enough to the top to load more).
    await scroller.evaluate((el) => {
      el.scrollTop = (el.scrollHeight - el.clientHeight) / 2;
    });
    await settle(page);
    const reading = note(MESSAGE_COUNT - MESSAGE_PAGE_SIZE / 2);
    const scrollTop = await scroller.evaluate((el) => el.scrollTop);
    const readingTop = await topOnScreen(page, reading);

    await post(omar, 'Live while scrolled up');
    await row(page, 'Live while scrolled up').waitFor({ state: 'attached' });
    await settle(page);
    expect(await scroller.evaluate((el) => el.scrollTop)).toBe(scrollTop);
    expect(Math.abs((await topOnScreen(page, reading)) - readingTop)).toBeLessThanOrEqual(TOLERANCE_PX);
    expect(await fullyVisible(page, 'Live while scrolled up')).toBe(false);
    await page.context().close();
  });

  it('R-DELIVERY-11: the channel’s page arrives with its newest messages drawn, and the app takes over without asking again', async () => {
    const page = await openLobby();
    const cookies = await page.context().cookies();
    // Before any script runs: what the server drew is all there is.
    const bare = await browser.newContext({
      viewport: { width: 360, height: 740 },
      javaScriptEnabled: false,
    });
    await bare.addCookies(cookies);
    const drawn = await bare.newPage();
    await drawn.goto(channelUrl);
    const firstView = drawn.locator('#first-view');
    await expect(firstView.getByRole('heading', { name: 'lobby' }).isVisible()).resolves.toBe(true);
    await expect(
      firstView
        .locator('article')
        .filter({ hasText: note(MESSAGE_COUNT) })
        .isVisible(),
    ).resolves.toBe(true);
    await bare.close();

    // With the app: it reads the page from the HTML (no request for it) and removes the drawing.
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/api/conversations/${conversationId}/messages`)) reads.push(request.url());
    });
    await page.goto(channelUrl);
    await page
      .locator(`article[data-message-id]`)
      .filter({ hasText: note(MESSAGE_COUNT) })
      .waitFor();
    await expect(page.locator('#first-view').count()).resolves.toBe(0);
    await expect(page.locator('#first-page').count()).resolves.toBe(0);
    expect(reads).toEqual([]);
    await expect(distanceFromBottom(list(page))).resolves.toBeLessThanOrEqual(TOLERANCE_PX);
    await page.context().close();
  });

  it('R-DELIVERY-14: the channel’s page names every chunk of its screen, and the app adds none twice', async () => {
    const page = await openLobby();
    const html = await (await page.request.get(channelUrl)).text();
    const named = [
      ...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*(?:src|href)="\/([^"]+)"/g),
    ].map((match) => match[1]);
    expect(
      firstLoadJs('channel')
        .chunks.map((chunk) => chunk.file)
        .filter((file) => !named.includes(file)),
    ).toEqual([]);
    await page.goto(channelUrl);
    await row(page, note(MESSAGE_COUNT)).waitFor();
    const links = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')).map(
        (link) => link.href,
      ),
    );
    expect(links.length).toBeGreaterThan(0);
    expect(new Set(links).size).toBe(links.length);
    await page.context().close();
  });
});
