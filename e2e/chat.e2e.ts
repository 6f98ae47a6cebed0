import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasChromium, launchChromium } from './support/browser.ts';
import { ADMIN, startStoop, type RunningStoop } from './support/server.ts';
import { ApiSession } from './support/api.ts';
import { CHAT_PASSWORD, runChatFlow, runReconnectFlow, type ChatResidents } from './chat.flow.ts';

async function approvedResident(
  url: string,
  admin: ApiSession,
  username: string,
  email: string,
): Promise<void> {
  const resident = new ApiSession(url);
  const { user } = await resident.request<{ user: { id: string } }>('POST', '/api/signup', {
    email,
    password: CHAT_PASSWORD,
    username,
    acceptTerms: true,
  });
  await admin.request('POST', `/api/admin/users/${user.id}/approve`);
}

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

  const residents: ChatResidents = {
    nadia: { email: 'nadia@chat.e2e.test', password: CHAT_PASSWORD },
    omar: { email: 'omar@chat.e2e.test', password: CHAT_PASSWORD },
  };

  it('exchange messages, like, reply in a thread and attach an image, each seeing the other live', async () => {
    await runChatFlow(browser, stoop.url, residents);
  });

  it('after a lost connection the open conversation catches up on new and edited messages', async () => {
    await runReconnectFlow(browser, stoop.url, residents);
  });
});
