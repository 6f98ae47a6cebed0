import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hasChromium, launchChromium } from './support/browser.ts';
import { ADMIN, startStoop, type RunningStoop } from './support/server.ts';
import { ApiSession } from './support/api.ts';

const PASSWORD = 'a-good-long-password';
/** A valid 1x1 PNG, so the server's type sniffing and thumbnailing accept it. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function approvedResident(url: string, admin: ApiSession, username: string, email: string): Promise<void> {
  const resident = new ApiSession(url);
  const { user } = await resident.request<{ user: { id: string } }>('POST', '/api/signup', {
    email,
    password: PASSWORD,
    username,
    acceptTerms: true,
  });
  await admin.request('POST', `/api/admin/users/${user.id}/approve`);
}

/** Signs a browser context in through the API; the page shares its cookies. */
async function signIn(context: BrowserContext, url: string, email: string): Promise<Page> {
  const csrf = (await (await context.request.get(`${url}/api/csrf-token`)).json()) as { csrfToken: string };
  const login = await context.request.post(`${url}/api/login`, {
    data: { email, password: PASSWORD },
    headers: { 'x-csrf-token': csrf.csrfToken },
  });
  expect(login.ok()).toBe(true);
  const page = await context.newPage();
  await page.goto(`${url}/main_dashboard/chat-intro`);
  await page.waitForURL(/\/main_dashboard\/chat-intro$/);
  return page;
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Conversations' });
const messageRow = (page: Page, text: string) => page.locator('article').filter({ hasText: text }).first();

describe.skipIf(!hasChromium)('chat: two residents talk live in a direct conversation', () => {
  let stoop: RunningStoop;
  let browser: Browser;

  beforeAll(async () => {
    stoop = await startStoop();
    browser = await launchChromium();
    const admin = new ApiSession(stoop.url);
    await admin.login(ADMIN.email, ADMIN.password);
    await approvedResident(stoop.url, admin, 'Nadia Okafor', 'nadia@chat.e2e.test');
    await approvedResident(stoop.url, admin, 'Omar Haddad', 'omar@chat.e2e.test');
  });
  afterAll(async () => {
    await browser?.close();
    await stoop?.stop();
  });

  it('exchange messages, like, reply in a thread and attach an image, each seeing the other live', async () => {
    const viewport = { width: 1280, height: 800 };
    const nadiaContext = await browser.newContext({ viewport });
    const omarContext = await browser.newContext({ viewport });
    const nadia = await signIn(nadiaContext, stoop.url, 'nadia@chat.e2e.test');
    const omar = await signIn(omarContext, stoop.url, 'omar@chat.e2e.test');

    // Nadia starts a direct chat with Omar from the sidebar dialog.
    await sidebar(nadia).getByRole('button', { name: 'New direct message' }).click();
    const dialog = nadia.getByRole('dialog', { name: 'New direct message' });
    await dialog.getByRole('searchbox', { name: 'Search residents' }).fill('Omar');
    await dialog.getByRole('button', { name: /Omar Haddad/ }).click();
    await nadia.waitForURL(/\/conversations\/direct\/[^/]+$/);
    const directUrl = nadia.url();

    // First message: pending at once, then confirmed; Omar sees the conversation appear live.
    const nadiaComposer = nadia.getByRole('textbox', { name: 'Message' });
    await nadiaComposer.fill('Hi Omar, is the laundry room open today?');
    await nadiaComposer.press('Enter');
    await expect.poll(() => messageRow(nadia, 'laundry room open').isVisible()).toBe(true);

    const omarLink = sidebar(omar).getByRole('link', { name: /Nadia Okafor/ });
    await omarLink.waitFor({ timeout: 15_000 });
    await omarLink.click();
    await omar.waitForURL(directUrl);
    await messageRow(omar, 'laundry room open').waitFor();

    // Omar answers; Nadia sees it without reloading.
    const omarComposer = omar.getByRole('textbox', { name: 'Message' });
    await omarComposer.fill('Yes, until 9pm. Bring quarters!');
    await omarComposer.press('Enter');
    await messageRow(nadia, 'Bring quarters').waitFor({ timeout: 15_000 });

    // Nadia likes Omar's message; Omar sees the like count.
    const omarsMessage = messageRow(nadia, 'Bring quarters');
    await omarsMessage.hover();
    await omarsMessage.getByRole('button', { name: 'Like' }).click();
    await omarsMessage.getByRole('button', { name: 'Unlike' }).waitFor();
    await messageRow(omar, 'Bring quarters').getByText('likes: Nadia Okafor').waitFor({ timeout: 15_000 });

    // Omar replies in a thread on Nadia's message; Nadia sees the reply count live, then the reply.
    const nadiasMessage = messageRow(omar, 'laundry room open');
    await nadiasMessage.hover();
    await nadiasMessage.getByRole('link', { name: 'Reply in thread' }).click();
    await omar.waitForURL(/\/main_dashboard\/thread\/[^/]+$/);
    const threadComposer = omar.getByRole('textbox', { name: 'Message' });
    await expect.poll(() => threadComposer.isEnabled()).toBe(true);
    await threadComposer.fill('Machine 3 is broken, use the others.');
    await threadComposer.press('Enter');
    await messageRow(omar, 'Machine 3 is broken').waitFor();
    const replyLink = messageRow(nadia, 'laundry room open').getByRole('link', { name: '1 reply' });
    await replyLink.waitFor({ timeout: 15_000 });
    await replyLink.click();
    await messageRow(nadia, 'Machine 3 is broken').waitFor();

    // Nadia attaches an image in the conversation; Omar sees the image live.
    await nadia.goto(directUrl);
    await nadia.locator('input[type=file]').setInputFiles({ name: 'porch.png', mimeType: 'image/png', buffer: PNG });
    await nadia.getByRole('textbox', { name: 'Message' }).fill('The notice on the door');
    await nadia.getByRole('button', { name: 'Send' }).click();
    await messageRow(nadia, 'The notice on the door').getByRole('img', { name: 'porch.png' }).waitFor({ timeout: 15_000 });
    await omar.goto(directUrl);
    await messageRow(omar, 'The notice on the door').getByRole('img', { name: 'porch.png' }).waitFor({ timeout: 15_000 });

    // Never shown twice: one copy of each message on both sides.
    expect(await nadia.locator('article', { hasText: 'laundry room open' }).count()).toBe(1);
    expect(await omar.locator('article', { hasText: 'Bring quarters' }).count()).toBe(1);

    await nadiaContext.close();
    await omarContext.close();
  });
});
