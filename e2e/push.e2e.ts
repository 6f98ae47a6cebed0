// Push end to end (R-PUSH-2, R-PUSH-4, R-PUSH-5, R-PUSH-9, R-PUSH-10): the settings screen registers
// this browser; a mention reaches the test's own HTTPS push endpoint, encrypted; the decrypted
// payload goes to the real service worker through DevTools, with the app's page closed; the worker
// shows the notification and a click on it brings the app to the conversation.
//
// Chromium's own PushManager cannot reach a push service here, so the page's subscribe() answers a
// subscription at the test's endpoint, with keys the test holds (the browser's boundary, nothing of
// the app). The server trusts the endpoint's self-signed certificate through PUSH_CA_FILE only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, CDPSession, Worker } from 'playwright-core';
import {
  decryptAes128gcm,
  makeSubscriptionKeys,
  startPushService,
  type ProviderServer,
  type SubscriptionKeys,
} from '../packages/server/src/push/testing.ts';
import { hasChromium, launchChromium } from './support/browser.ts';
import { createResident, logInThroughForm, type Resident } from './support/community.ts';
import { startStoop, type RunningStoop } from './support/server.ts';

const ENDPOINT_PATH = '/push/e2e-subscription';

/** What the tests use of the worker's global scope (e2e compiles with the DOM library only). */
type WorkerScope = {
  registration: ServiceWorkerRegistration;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
  dispatchEvent(event: Event): boolean;
};

/** Makes pushManager.subscribe()/getSubscription() answer a subscription at the test's endpoint. */
function stubSubscription(endpoint: string, keys: SubscriptionKeys) {
  return {
    content: `(() => {
      let current = null;
      const made = {
        endpoint: ${JSON.stringify(endpoint)},
        expirationTime: null,
        options: { userVisibleOnly: true },
        getKey: () => null,
        toJSON() {
          return { endpoint: this.endpoint, expirationTime: null,
            keys: { p256dh: ${JSON.stringify(keys.p256dh)}, auth: ${JSON.stringify(keys.authText)} } };
        },
        unsubscribe: async () => { current = null; return true; },
      };
      PushManager.prototype.subscribe = async function () { current = made; return made; };
      PushManager.prototype.getSubscription = async function () { return current; };
    })();`,
  };
}

/** The Stoop service worker of `context`, once it runs. */
async function stoopWorker(context: BrowserContext): Promise<Worker> {
  const running = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'));
  return running ?? context.waitForEvent('serviceworker', { timeout: 30_000 });
}

/** The registration id DevTools knows the worker by (needed to deliver a push to it). */
async function registrationId(session: CDPSession, scope: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    session.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const match = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (match) resolve(match.registrationId);
    });
  });
  await session.send('ServiceWorker.enable');
  return found;
}

describe.skipIf(!hasChromium)('push notifications end to end', () => {
  let dir: string;
  let pushService: ProviderServer & { caFile: string };
  let stoop: RunningStoop;
  let browser: Browser;
  let alice: Resident;
  let bob: Resident;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stoop-push-e2e-'));
    pushService = await startPushService(dir);
    stoop = await startStoop({
      env: { PUSH_CA_FILE: pushService.caFile, PUSH_COLLAPSE_MS: '0', PUSH_POLL_MS: '200' },
      readyTimeoutMs: 240_000,
    });
    browser = await launchChromium();
    [alice, bob] = await Promise.all([
      createResident(stoop.url, 'Alice Pushkin'),
      createResident(stoop.url, 'Bob Bellman'),
    ]);
  }, 300_000); // a server start on a busy shared machine
  afterAll(async () => {
    await browser?.close();
    await stoop?.stop();
    await pushService?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('registers from the settings screen, pushes a mention, shows it and opens the conversation', async () => {
    const keys = makeSubscriptionKeys();
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    await context.grantPermissions(['notifications'], { origin: stoop.url });
    await context.addInitScript(stubSubscription(`${pushService.url}${ENDPOINT_PATH}`, keys));
    // Hosts the DevTools session once the app's page is closed.
    const host = await context.newPage();
    const page = await context.newPage();

    await logInThroughForm(page, stoop.url, alice.email, alice.password);
    await page.goto(`${stoop.url}/account_settings/notifications`);
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    const worker = await stoopWorker(context);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.getByText('No device receives your push notifications yet').waitFor();
    await page.getByRole('button', { name: 'Turn on push notifications' }).click();
    await page.getByText('On for this device').waitFor();
    await page.getByRole('list', { name: 'Your devices' }).getByText('This device').waitFor();
    // Nothing scrolls sideways at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const session = await context.newCDPSession(host);
    const scope = `${stoop.url}/`;
    const registration = await registrationId(session, scope);
    await page.close(); // the socket goes with it: from now on Alice is reached by push only

    const channel = await bob.api.request<{ conversation: { id: string } }>('POST', '/api/conversations', {
      type: 'channel',
      name: `lobby-${Date.now().toString(36)}`,
    });
    const conversationId = channel.conversation.id;
    const { message } = await bob.api.request<{ message: { id: string } }>(
      'POST',
      `/api/conversations/${conversationId}/messages`,
      { content: 'Parcel at the door for @Alice Pushkin' },
    );

    const request = await pushService.next(30_000);
    expect(request.url).toBe(ENDPOINT_PATH);
    const payload = decryptAes128gcm(request.body, keys);
    const link = `/main_dashboard/conversations/channel/${conversationId}#message-${message.id}`;
    expect(JSON.parse(payload)).toMatchObject({ tag: `conversation:${conversationId}`, link });

    await session.send('ServiceWorker.deliverPushMessage', {
      origin: stoop.url,
      registrationId: registration,
      data: payload,
    });
    await expect
      .poll(
        () =>
          worker.evaluate(
            async () => (await (self as unknown as WorkerScope).registration.getNotifications()).length,
          ),
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    const shown = await worker.evaluate(async () => {
      const [n] = await (self as unknown as WorkerScope).registration.getNotifications();
      return n ? { title: n.title, body: n.body, tag: n.tag, badge: n.badge, data: n.data as unknown } : null;
    });
    expect(shown).toMatchObject({
      body: expect.stringContaining('Bob Bellman mentioned you in #lobby-') as unknown,
      tag: `conversation:${conversationId}`,
      data: { link },
    });
    expect(shown?.title).toMatch(/^#lobby-/);
    expect(shown?.badge).toContain('/icons/badge-96.png');

    // The resident opens Stoop elsewhere, then taps the notification: that window goes to the message.
    const again = await context.newPage();
    await again.goto(`${stoop.url}/main_dashboard/chat-intro`);
    await again.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    await worker.evaluate(async () => {
      const worker = self as unknown as WorkerScope;
      const [notification] = await worker.registration.getNotifications();
      if (!notification) throw new Error('no notification to click');
      worker.dispatchEvent(new worker.NotificationEvent('notificationclick', { notification }));
    });
    await again.waitForURL(
      (url) => url.pathname === `/main_dashboard/conversations/channel/${conversationId}`,
      {
        timeout: 30_000,
      },
    );
    await again.getByText('Parcel at the door for').first().waitFor({ timeout: 30_000 });
    await context.close();
  }, 240_000);
});
