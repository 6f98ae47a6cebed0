/**
 * The two-resident live chat flow, shared by chat.e2e.ts and by manual runs against any server:
 * open a direct chat, exchange messages, like one, reply in a thread and attach an image, each
 * side seeing the other's actions live.
 */
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const CHAT_PASSWORD = 'a-good-long-password';
/** A valid 1x1 PNG, so the server's type sniffing and thumbnailing accept it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export interface ChatResidents {
  nadia: { email: string; password: string };
  omar: { email: string; password: string };
}

/** Logs a resident in through the login page, as a person would, and opens the chat intro. */
async function signIn(
  context: BrowserContext,
  url: string,
  who: { email: string; password: string },
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/main_dashboard\//);
  if (!page.url().endsWith('/main_dashboard/chat-intro')) await page.goto(`${url}/main_dashboard/chat-intro`);
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
  assert.ok(page.url().endsWith('/main_dashboard/chat-intro'), `${who.email} did not reach the chat intro`);
  return page;
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Conversations' });
const messageRow = (page: Page, text: string) => page.locator('article').filter({ hasText: text }).first();

/** Nadia Okafor and Omar Haddad must exist, approved, with the given credentials. */
export interface ChatFlowOptions {
  /** Saves screenshots of both sides here at the end (manual runs). */
  screenshotDir?: string;
}

export async function runChatFlow(
  browser: Browser,
  url: string,
  residents: ChatResidents,
  options: ChatFlowOptions = {},
): Promise<void> {
  const viewport = { width: 1280, height: 800 };
  const nadiaContext = await browser.newContext({ viewport });
  const omarContext = await browser.newContext({ viewport });
  const nadia = await signIn(nadiaContext, url, residents.nadia);
  const omar = await signIn(omarContext, url, residents.omar);

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
  await messageRow(nadia, 'laundry room open').waitFor();

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
  // The thread page is its own lazily loaded chunk: until it mounts, the conversation's composer is
  // still on screen, so the test writes into the thread's own composer (and waits until it is enabled).
  await omar.getByRole('heading', { name: 'Thread' }).waitFor();
  const threadComposer = omar.getByPlaceholder('Reply in thread');
  await omar.locator('textarea[placeholder="Reply in thread"]:not([disabled])').waitFor();
  await threadComposer.fill('Machine 3 is broken, use the others.');
  await threadComposer.press('Enter');
  await messageRow(omar, 'Machine 3 is broken').waitFor();
  const replyLink = messageRow(nadia, 'laundry room open').getByRole('link', { name: '1 reply' });
  await replyLink.waitFor({ timeout: 15_000 });
  await replyLink.click();
  await messageRow(nadia, 'Machine 3 is broken').waitFor();

  // Both go back to the conversation (client-side, no reload); Nadia attaches an image and Omar
  // sees it arrive live.
  await omar.getByRole('link', { name: 'Back to the conversation' }).click();
  await omar.waitForURL(directUrl);
  await nadia.getByRole('link', { name: 'Back to the conversation' }).click();
  await nadia.waitForURL(directUrl);
  // The address changes first; the thread page (and its composer, which would take the file and
  // go) stays on screen until the conversation's page has rendered in its place.
  await nadia.getByRole('heading', { name: 'Thread' }).waitFor({ state: 'detached' });
  await messageRow(omar, 'Bring quarters').waitFor();
  await nadia
    .locator('input[type=file]')
    .setInputFiles({ name: 'porch.png', mimeType: 'image/png', buffer: PNG });
  await nadia.getByRole('textbox', { name: 'Message' }).fill('The notice on the door');
  await nadia.getByRole('button', { name: 'Send' }).click();
  await messageRow(nadia, 'The notice on the door')
    .getByRole('img', { name: 'porch.png' })
    .waitFor({ timeout: 15_000 });
  await messageRow(omar, 'The notice on the door')
    .getByRole('img', { name: 'porch.png' })
    .waitFor({ timeout: 15_000 });
  // The thumbnail really loads (served to a participant, not just an element with alt text).
  await omar.waitForFunction(
    () => (document.querySelector<HTMLImageElement>('img[alt="porch.png"]')?.naturalWidth ?? 0) > 0,
  );
  if (options.screenshotDir) {
    await nadia.screenshot({ path: `${options.screenshotDir}/chat-nadia.png` });
    await omar.setViewportSize({ width: 360, height: 740 });
    await omar.screenshot({ path: `${options.screenshotDir}/chat-omar-phone.png` });
  }

  // Never shown twice: one copy of each message on both sides.
  assert.equal(await nadia.locator('article', { hasText: 'laundry room open' }).count(), 1);
  assert.equal(await omar.locator('article', { hasText: 'Bring quarters' }).count(), 1);

  await nadiaContext.close();
  await omarContext.close();
}

/**
 * After a lost connection the open conversation catches up (R-DELIVERY-3): Omar goes
 * offline, Nadia sends a message and edits an earlier one, Omar comes back and sees both without
 * reloading. Runs after runChatFlow, reusing its direct conversation.
 */
export async function runReconnectFlow(
  browser: Browser,
  url: string,
  residents: ChatResidents,
): Promise<void> {
  const viewport = { width: 1280, height: 800 };
  const nadiaContext = await browser.newContext({ viewport });
  const omarContext = await browser.newContext({ viewport });
  const nadia = await signIn(nadiaContext, url, residents.nadia);
  const omar = await signIn(omarContext, url, residents.omar);
  await sidebar(nadia)
    .getByRole('link', { name: /Omar Haddad/ })
    .click();
  await sidebar(omar)
    .getByRole('link', { name: /Nadia Okafor/ })
    .click();
  await messageRow(omar, 'laundry room open').waitFor();
  await messageRow(nadia, 'laundry room open').waitFor();

  await omarContext.setOffline(true);
  await omar.getByRole('status').filter({ hasText: 'Reconnecting' }).waitFor({ timeout: 30_000 });

  const composer = nadia.getByRole('textbox', { name: 'Message' });
  await composer.fill('Sent while you were offline');
  await composer.press('Enter');
  await messageRow(nadia, 'Sent while you were offline').getByText('Sending…').waitFor({ state: 'detached' });
  const first = messageRow(nadia, 'laundry room open');
  await first.hover();
  await first.getByRole('button', { name: 'Edit' }).click();
  const editor = nadia.getByRole('textbox', { name: 'Edit message' });
  await editor.fill('Hi Omar, is the laundry room open tomorrow?');
  await editor.press('Enter');
  await messageRow(nadia, 'open tomorrow').waitFor();

  await omarContext.setOffline(false);
  await messageRow(omar, 'Sent while you were offline').waitFor({ timeout: 30_000 });
  await messageRow(omar, 'open tomorrow').waitFor({ timeout: 30_000 });
  assert.equal(await omar.locator('article', { hasText: 'Sent while you were offline' }).count(), 1);
  assert.equal(await omar.locator('article', { hasText: 'open today' }).count(), 0);

  await nadiaContext.close();
  await omarContext.close();
}
