import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasChromium } from './support/browser.ts';
import { startStoopAndBrowser, stopStoopAndBrowser } from './support/stoop-and-browser.ts';
import type { RunningStoop } from './support/server.ts';
import { createResident } from './support/community.ts';
import { CHAT_PASSWORD, runChatFlow, runReconnectFlow, type ChatResidents } from './chat.flow.ts';

describe.skipIf(!hasChromium)('chat: two residents talk live in a direct conversation', () => {
  let stoop: RunningStoop;
  let browser: Browser;

  beforeAll(async () => {
    ({ stoop, browser } = await startStoopAndBrowser());
    await createResident(stoop.url, 'Nadia Okafor', {
      email: 'nadia@chat.e2e.test',
      password: CHAT_PASSWORD,
    });
    await createResident(stoop.url, 'Omar Haddad', { email: 'omar@chat.e2e.test', password: CHAT_PASSWORD });
  });
  afterAll(() => stopStoopAndBrowser({ stoop, browser }));

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
