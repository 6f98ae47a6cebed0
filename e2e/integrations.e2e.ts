/**
 * Connected data sources in a real browser at 360 px (R-INTEG-1, R-INTEG-3, R-INTEG-5,
 * R-INTEG-6): the admin connects an RSS feed and a webhook to a channel through the
 * connect-data-sources screen; a resident then sees the feed's item and the webhook's post in the
 * channel, shown as their sources. Screenshots go to /tmp/shots/.
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ApiSession } from './support/api.ts';
import { hasChromium, launchChromium } from './support/browser.ts';
import { ADMIN, startStoop, type RunningStoop } from './support/server.ts';
import { createResident, logInThroughForm, type Resident } from './support/community.ts';

const SHOTS = '/tmp/shots';

const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Building news</title><link>https://news.example/</link>
<description>News</description>
<item><title>Lift maintenance on Friday</title><link>https://news.example/lift</link>
<guid>lift-2026-11</guid><pubDate>Fri, 20 Nov 2026 09:00:00 GMT</pubDate>
<description>The east lift is out of service from 9 to 12.</description></item>
</channel></rss>`;

describe.skipIf(!hasChromium)('integrations: connect a feed and a webhook, residents see their posts', () => {
  let stoop: RunningStoop;
  let browser: Browser;
  let feedServer: Server;
  let feedUrl = '';
  let resident: Resident;
  let channelId = '';

  beforeAll(async () => {
    feedServer = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/rss+xml', etag: '"1"' });
      response.end(FEED);
    });
    await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
    feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/news.xml`;
    // The feed is served from loopback: only this flag lets the server fetch it (R-INTEG-7).
    stoop = await startStoop({ env: { FEED_ALLOW_PRIVATE_ADDRESSES: 'true' } });
    browser = await launchChromium();
    resident = await createResident(stoop.url, 'Nadia Okafor');
    const admin = new ApiSession(stoop.url);
    await admin.login(ADMIN.email, ADMIN.password);
    const { conversation } = await admin.request<{ conversation: { id: string } }>(
      'POST',
      '/api/conversations',
      {
        type: 'channel',
        name: 'lobby',
      },
    );
    channelId = conversation.id;
  });
  afterAll(async () => {
    await browser?.close();
    await stoop?.stop();
    feedServer?.closeAllConnections();
    await new Promise((resolve) => feedServer?.close(resolve));
  });

  async function connect(page: Page, type: string, name: string, url?: string) {
    const form = page.getByRole('form', { name: 'Connect a source' });
    await form.getByLabel('Type').selectOption({ label: type });
    await form.getByLabel('Channel').selectOption({ label: '#lobby' });
    await form.getByLabel('Name').fill(name);
    if (url) await form.getByLabel('Feed address').fill(url);
    await form.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('article', { name: new RegExp(`^${name},`) }).waitFor();
  }

  it('the admin connects an RSS feed and a webhook; the resident sees both posts in the channel', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const adminContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const adminPage = await adminContext.newPage();
    await logInThroughForm(adminPage, stoop.url, ADMIN.email, ADMIN.password);
    await adminPage.goto(`${stoop.url}/main_dashboard/connect-data-sources`);
    await adminPage.getByText('No data sources yet').waitFor();
    await adminPage
      .getByRole('form', { name: 'Connect a source' })
      .getByLabel('Channel')
      .locator('option', { hasText: '#lobby' })
      .waitFor({ state: 'attached' });

    await connect(adminPage, 'RSS or Atom feed', 'Building news', feedUrl);
    await connect(adminPage, 'Webhook', 'Parcel room');
    const webhookUrl = await adminPage.getByTestId('webhook-url').inputValue();
    expect(webhookUrl).toMatch(/\/api\/hooks\/[\w-]+\/[\w-]{40,}$/);
    expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await adminPage.screenshot({ path: `${SHOTS}/integrations-360-admin.png`, fullPage: true });

    // A service posts to the webhook the way Slack's incoming webhooks are called.
    const posted = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'A parcel for flat 4 is waiting', username: 'Parcel bot' }),
    });
    expect(posted.status).toBe(200);
    // The feed's first fetch ran when it was connected; its card shows the post.
    await adminPage.reload();
    await adminPage
      .getByRole('article', { name: /^Building news,/ })
      .getByText(/last post/)
      .waitFor();

    const residentContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await residentContext.newPage();
    await logInThroughForm(page, stoop.url, resident.email, resident.password);
    await page.goto(`${stoop.url}/main_dashboard/conversations/channel/${channelId}`);
    const feedItem = page.getByRole('article', { name: /^Building news at/ });
    await feedItem.getByText('Lift maintenance on Friday').waitFor();
    const hook = page.getByRole('article', { name: /^Parcel bot at/ });
    await hook.getByText('A parcel for flat 4 is waiting').waitFor();
    await hook.getByText('via Parcel room').waitFor();
    expect(await feedItem.getByTestId('bot-mark').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${SHOTS}/integrations-360-channel.png` });

    // Residents see what feeds the channel, without addresses.
    await page.goto(`${stoop.url}/main_dashboard/connect-data-sources`);
    await page.getByRole('article', { name: /^Building news,/ }).waitFor();
    expect(await page.getByText(feedUrl).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/integrations-360-resident.png`, fullPage: true });
    await adminContext.close();
    await residentContext.close();
  });
});
