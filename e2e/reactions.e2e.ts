/**
 * Emoji reactions and refused attachments in a real browser (R-REACT-3, R-REACT-4, R-UPLOAD-9): a
 * neighbour on a phone (360 px) reacts from the quick row, the author on a desktop (1280 px) sees the
 * chip arrive live, adds one from the full picker, reads who reacted, and the phone's composer refuses
 * a program before uploading it. Screenshots go to /tmp/shots/.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium } from './support/browser.ts';
import type { RunningStoop } from './support/server.ts';
import { logInThroughForm, type Resident } from './support/community.ts';
import { startNeighbours } from './support/neighbours.ts';
import { stopStoopAndBrowser } from './support/stoop-and-browser.ts';

const SHOTS = '/tmp/shots';
const TEXT = 'The courtyard bench is fixed';

describe.skipIf(!hasChromium)('chat: reactions and attachments', () => {
  let stoop: RunningStoop;
  let browser: Browser;
  let nadia: Resident;
  let omar: Resident;
  let channelUrl = '';
  let conversationId = '';

  beforeAll(async () => {
    ({ stoop, browser, nadia, omar, channelUrl, conversationId } = await startNeighbours());
  }, 300_000);
  afterAll(() => stopStoopAndBrowser({ stoop, browser }));

  const fits = async (page: Page, width: number) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  it('reacts from the quick row and the picker, live on the other screen, and names who reacted', async () => {
    mkdirSync(SHOTS, { recursive: true });
    await nadia.api.request('POST', `/api/conversations/${conversationId}/messages`, { content: TEXT });
    const phone = await (
      await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true })
    ).newPage();
    const desk = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await logInThroughForm(phone, stoop.url, omar.email, omar.password);
    await logInThroughForm(desk, stoop.url, nadia.email, nadia.password);
    await phone.goto(channelUrl);
    await desk.goto(channelUrl);

    // The phone: focus the message's actions, open the quick row: the like first, then the emoji.
    const phoneRow = phone.locator('article', { hasText: TEXT });
    await phoneRow.waitFor();
    await phoneRow.click();
    await phoneRow.getByRole('button', { name: 'Add reaction' }).click();
    const quick = phone.getByRole('menu', { name: 'Reactions' });
    await quick.waitFor();
    const items = await quick
      .getByRole('menuitemcheckbox')
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    expect(items[0]).toBe('Like');
    await fits(phone, 360);
    await phone.screenshot({ path: `${SHOTS}/reactions-360-quick-row.png` });
    await quick.getByRole('menuitemcheckbox', { name: 'React with 👍' }).click();
    await phoneRow.getByRole('button', { name: /^👍 1/, pressed: true }).waitFor();

    // The desktop gets it live, names who reacted on hover, and adds one of its own from the picker.
    const deskRow = desk.locator('article', { hasText: TEXT });
    const thumbs = deskRow.getByRole('button', { name: /^👍 1/, pressed: false });
    await thumbs.waitFor();
    expect(await thumbs.getAttribute('title')).toBe('Omar Haddad reacted with 👍');
    await deskRow.hover();
    await deskRow.getByRole('button', { name: 'Add reaction' }).click();
    await desk.getByRole('menuitem', { name: 'More emoji' }).click();
    const picker = desk.getByRole('dialog', { name: 'Choose an emoji' });
    await picker.getByRole('region', { name: 'Recently used' }).waitFor();
    await desk.screenshot({ path: `${SHOTS}/reactions-1280-picker.png` });
    await picker.getByRole('region', { name: 'Food & drink' }).getByRole('button', { name: '🍰' }).click();
    await picker.waitFor({ state: 'hidden' });
    await deskRow.getByRole('button', { name: /^🍰 1/, pressed: true }).waitFor();
    // Joining the phone's 👍 from its chip.
    await thumbs.click();
    await deskRow.getByRole('button', { name: /^👍 2: Omar Haddad and You/, pressed: true }).waitFor();
    await fits(desk, 1280);
    await desk.screenshot({ path: `${SHOTS}/reactions-1280-chips.png` });

    // Back on the phone: both arrive live; a long press names who reacted.
    const cake = phoneRow.getByRole('button', { name: /^🍰 1/, pressed: false });
    await cake.waitFor();
    await phoneRow.getByRole('button', { name: /^👍 2/ }).waitFor();
    const box = await cake.boundingBox();
    if (!box) throw new Error('no chip');
    await phone.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await cake.dispatchEvent('pointerdown', { pointerType: 'touch' });
    await phoneRow.getByRole('status').getByText('🍰 Nadia Okafor').waitFor();
    await cake.dispatchEvent('pointerup', { pointerType: 'touch' });
    await fits(phone, 360);
    await phone.screenshot({ path: `${SHOTS}/reactions-360-long-press.png` });
    // The like stays what it was: its own count, its own call.
    await phoneRow.getByRole('button', { name: 'Add reaction' }).click();
    await phone.getByRole('menuitemcheckbox', { name: 'Like' }).click();
    await deskRow.getByText('1', { exact: true }).first().waitFor();
    await phone.context().close();
    await desk.context().close();
  });

  it('refuses a program in the composer before uploading it, at 360 and 1280 px', async () => {
    for (const width of [360, 1280]) {
      const page = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
      await logInThroughForm(page, stoop.url, omar.email, omar.password);
      await page.goto(channelUrl);
      await page.locator('input[type="file"][aria-label="Attach a file"]').setInputFiles({
        name: 'free-game.exe',
        mimeType: 'application/octet-stream',
        buffer: Buffer.from('MZ'),
      });
      await page.getByText(".exe files can't be shared here", { exact: false }).waitFor();
      await fits(page, width);
      await page.screenshot({ path: `${SHOTS}/attachment-refused-${width}.png` });
      // A document goes through, under its name.
      await page.locator('input[type="file"][aria-label="Attach a file"]').setInputFiles({
        name: 'house rules.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      });
      await page.getByText('house rules.pdf').first().waitFor();
      await page.context().close();
    }
  });
});
