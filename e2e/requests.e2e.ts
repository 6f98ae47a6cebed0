import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hasChromium } from './support/browser.ts';
import { startStoopAndBrowser, stopStoopAndBrowser } from './support/stoop-and-browser.ts';
import { ADMIN, type RunningStoop } from './support/server.ts';
import { createResident, logInThroughForm, type Resident } from './support/community.ts';

const SHOTS = '/tmp/shots';
/** A 1×1 PNG: the photo the resident attaches. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.skipIf(!hasChromium)('building requests to the office', () => {
  let stoop: RunningStoop;
  let browser: Browser;
  let resident: Resident;
  const contexts: BrowserContext[] = [];

  async function signedIn(who: { email: string; password: string }, width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    contexts.push(context);
    const page = await context.newPage();
    await logInThroughForm(page, stoop.url, who.email, who.password);
    return page;
  }
  const overflow = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ stoop, browser } = await startStoopAndBrowser());
    resident = await createResident(stoop.url, 'Nadia Brook');
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await stopStoopAndBrowser({ stoop, browser });
  });

  it('R-REQ-9, R-REQ-10, R-REQ-7: a resident files a request, the office changes its status, the resident sees it live', async () => {
    // The resident, on a phone.
    const phone = await signedIn(resident, 360);
    await phone.goto(`${stoop.url}/main_dashboard/requests`);
    await phone.getByText('No requests yet').waitFor();
    await phone.screenshot({ path: `${SHOTS}/requests-empty-360.png`, fullPage: true });
    await phone.getByRole('button', { name: 'New request' }).first().click();
    const form = phone.getByRole('form', { name: 'New request' });
    // Sending empty names the missing field.
    await form.getByRole('button', { name: 'Send request' }).click();
    await form.getByText('A request needs a title').waitFor();
    await form.getByLabel('Category').selectOption('maintenance');
    await form.getByLabel('Title').fill('Radiator is cold');
    await form.getByLabel('Description').fill('The living room radiator has been cold since Monday.');
    await form.getByLabel('Photo (optional)').setInputFiles({
      name: 'radiator.png',
      mimeType: 'image/png',
      buffer: PHOTO,
    });
    await phone.screenshot({ path: `${SHOTS}/requests-form-360.png`, fullPage: true });
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    await form.getByRole('button', { name: 'Send request' }).click();
    await phone.getByText('Request sent to the office').waitFor();
    const detail = phone.getByRole('article');
    await detail.getByRole('heading', { name: 'Radiator is cold' }).waitFor();
    await detail.getByText('Open', { exact: true }).waitFor();
    await detail.getByRole('img', { name: /Photo of/ }).waitFor();
    await phone.screenshot({ path: `${SHOTS}/requests-detail-360.png`, fullPage: true });
    expect(await overflow(phone)).toBeLessThanOrEqual(0);

    // The office, at its desk, works the queue.
    const desk = await signedIn(ADMIN, 1280);
    await desk.goto(`${stoop.url}/admin_dashboard/requests`);
    await desk.getByRole('link', { name: /Radiator is cold/ }).click();
    const panel = desk.getByRole('article');
    await panel.getByRole('img', { name: /Photo of/ }).waitFor();
    const change = panel.getByRole('form', { name: 'Change the status' });
    await change.getByLabel('New status').selectOption('in_progress');
    await change.getByLabel('Note for the resident (optional)').fill('A plumber comes Thursday morning.');
    await change.getByRole('button', { name: 'Save status' }).click();
    await desk.getByText('Marked in progress; the resident was told').waitFor();
    await panel.getByText('In progress', { exact: true }).first().waitFor();
    await desk.screenshot({ path: `${SHOTS}/admin-requests-1280.png`, fullPage: true });

    // Live on the resident's phone, without a reload: the badge, the note in the history.
    await detail.getByText('In progress', { exact: true }).waitFor();
    await detail.getByText('A plumber comes Thursday morning.').waitFor();
    await detail.getByText(/changed the status: Open → In progress/).waitFor();
    await phone.screenshot({ path: `${SHOTS}/requests-status-360.png`, fullPage: true });

    // The office queue at 360 px too.
    const deskPhone = await signedIn(ADMIN, 360);
    await deskPhone.goto(`${stoop.url}/admin_dashboard/requests`);
    await deskPhone.getByRole('link', { name: /Radiator is cold/ }).waitFor();
    await deskPhone.screenshot({ path: `${SHOTS}/admin-requests-360.png`, fullPage: true });
    expect(await overflow(deskPhone)).toBeLessThanOrEqual(0);
  });
});
