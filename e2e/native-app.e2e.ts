// The native app's code path end to end (R-NATIVE-14; R-NATIVE-0 to R-NATIVE-13), in Chromium standing in for the
// android WebView. The web app is built as the native apps' build is made (`vite build` with
// STOOP_SERVER_URL naming the test server, the step before `cap sync`), served by a plain static
// server from a second origin over TLS (`https://localhost:<port>`, as android's own origin is
// `https://localhost`, with a self-signed certificate that this test's browser alone trusts by its
// key's pin; listed in the server's CORS_ORIGINS as a staging build would be), and a stubbed Capacitor android bridge (support/capacitor-bridge.ts)
// makes @capacitor/core report android, so the build takes its native path: bearer token in the
// (stubbed) secure store, no cookies, no CSRF token, socket with auth.token, images by media ticket.
// Then, as a resident on a phone: sign in, list conversations, receive a neighbour's message from
// the web live, send one with a photo, see the attachment and the neighbour's avatar, register for
// push through the push plugin, sign out, and find the token revoked and the socket closed.
//
// Not proven here: a real WebView on a device (android's `https://localhost` without a port, ios
// `capacitor://localhost` over their own schemes), the real Keystore/Keychain, FCM/APNs delivery.
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, WebSocket } from 'playwright-core';
import sharp from 'sharp';
// @ts-expect-error -- plain ESM build helper without type declarations
import { buildNativeWebIfStale } from '../scripts/build-web.mjs';
import { localhostCertificate } from '../packages/server/src/test/certificate.ts';
import { hasChromium, launchChromium } from './support/browser.ts';
import { installCapacitorBridge, type BridgeState } from './support/capacitor-bridge.ts';
import { createResident, logInThroughForm, type Resident } from './support/community.ts';
import { freePort, startStoop, type RunningStoop } from './support/server.ts';
import { serveStatic, type StaticServer } from './support/static-server.ts';

const root = new URL('..', import.meta.url).pathname;
const BUILD_DIR = join(root, 'node_modules/.cache/stoop-native-e2e');
/**
 * The server's port is part of the build (STOOP_SERVER_URL); a fixed one lets a later run reuse the
 * build while the sources are unchanged. Another is taken (and the app rebuilt) when it is busy.
 */
const PREFERRED_SERVER_PORT = 39_317;
const PUSH_TOKEN = 'fcm-token-from-the-stubbed-plugin';
/** A picture of one colour, as a photo or an avatar would be. */
const picture = (background: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .png()
    .toBuffer();

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

const bridge = (page: Page) =>
  page.evaluate(() => (window as unknown as { __capacitorBridge: BridgeState }).__capacitorBridge);
const messageRow = (page: Page, text: string) => page.locator('article').filter({ hasText: text }).first();
const imageLoaded = (page: Page, selector: string) =>
  page.waitForFunction(
    (css) => Array.from(document.querySelectorAll<HTMLImageElement>(css)).some((img) => img.naturalWidth > 0),
    selector,
  );

describe.skipIf(!hasChromium)('the native app from another origin (R-NATIVE-14)', () => {
  let stoop: RunningStoop;
  let app: StaticServer;
  let browser: Browser;
  let omar: Resident;
  let nadia: Resident;

  beforeAll(async () => {
    const serverPort = (await portIsFree(PREFERRED_SERVER_PORT)) ? PREFERRED_SERVER_PORT : await freePort();
    const serverUrl = `http://127.0.0.1:${serverPort}`;
    const appPort = await freePort();
    // The build and the server's start overlap; both take a while on a busy machine.
    const [status, started, certificate] = await Promise.all([
      (buildNativeWebIfStale as (outDir: string, serverUrl: string) => Promise<number>)(BUILD_DIR, serverUrl),
      startStoop({ port: serverPort, env: { CORS_ORIGINS: `https://localhost:${appPort}` } }),
      localhostCertificate(),
    ]);
    stoop = started;
    if (status !== 0) throw new Error(`the native build failed with status ${status}`);
    app = await serveStatic(BUILD_DIR, 'localhost', appPort, {
      cert: certificate.cert,
      key: certificate.private,
    });
    // This certificate alone is trusted, by its key's pin; every other certificate check stays.
    browser = await launchChromium([`--ignore-certificate-errors-spki-list=${certificate.spkiPin}`]);
    omar = await createResident(stoop.url, 'Omar Haddad');
    nadia = await createResident(stoop.url, 'Nadia Okafor');
    // Omar (on the web) has a picture, and has written to Nadia before she opens the app.
    const profile = new FormData();
    profile.append('avatar', new Blob([await picture('#3d5a80')], { type: 'image/png' }), 'omar.png');
    await omar.api.request('PUT', '/api/profile', profile);
    const { conversation } = await omar.api.request<{ conversation: { id: string } }>(
      'POST',
      '/api/conversations',
      { type: 'direct', participantIds: [nadia.id] },
    );
    await omar.api.request('POST', `/api/conversations/${conversation.id}/messages`, {
      content: 'Welcome to the building, Nadia!',
    });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await stoop?.stop();
  });

  it('signs in with a bearer token, chats live with a web resident, registers push and signs out', async () => {
    const phone: BrowserContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await phone.addInitScript(installCapacitorBridge, { pushToken: PUSH_TOKEN });
    const page = await phone.newPage();
    const sockets: WebSocket[] = [];
    page.on('websocket', (socket) => sockets.push(socket));
    const apiRequests: { url: string; headers: Record<string, string> }[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${stoop.url}/api/`))
        apiRequests.push({ url: request.url(), headers: request.headers() });
    });

    // Sign in: the native sign-in answers a token, kept in the secure store; no cookie anywhere.
    await page.goto(`${app.origin}/login`);
    await page.getByLabel('Email').fill(nadia.email);
    await page.getByLabel('Password', { exact: true }).fill(nadia.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/main_dashboard\//);
    expect(new URL(page.url()).protocol, 'the app is served over TLS, as on android').toBe('https:');
    const stored = await bridge(page);
    const token = Object.values(stored.secure)[0] ?? '';
    expect(JSON.parse(token)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const bearer = `Bearer ${JSON.parse(token) as string}`;
    expect(await phone.cookies(stoop.url)).toEqual([]);
    const login = apiRequests.find((r) => r.url.endsWith('/api/login'));
    expect(login?.headers['x-stoop-client']).toBe('native');
    expect(apiRequests.some((r) => r.url.endsWith('/api/csrf-token'))).toBe(false);

    // The conversation list, with Omar's conversation; opening it shows his message and his avatar.
    // A phone's width: the list is in the drawer.
    await page.getByRole('button', { name: 'Open conversations' }).click();
    await page
      .getByRole('dialog')
      .getByRole('link', { name: /Omar Haddad/ })
      .click();
    await messageRow(page, 'Welcome to the building').waitFor();
    await imageLoaded(page, `img[src^="${stoop.url}/api/avatars/"][src*="mt="]`);
    const conversationPath = new URL(page.url()).pathname;
    // Once the app holds the token, every call carries it. (The first calls after the sign-in may
    // go before its answer: a log batch queued on the sign-in page flushes on its own timer.)
    const loginAt = apiRequests.findIndex((r) => r.url.endsWith('/api/login'));
    const firstSigned = apiRequests.findIndex((r, i) => i > loginAt && r.headers['authorization'] === bearer);
    expect(firstSigned).toBeGreaterThan(loginAt);
    const signedCalls = apiRequests.slice(firstSigned);
    for (const call of signedCalls.filter((r) => !r.url.includes('mt=')))
      expect(call.headers['authorization'], call.url).toBe(bearer);
    expect(signedCalls.every((r) => r.headers['x-csrf-token'] === undefined)).toBe(true);

    // Omar writes from the web; the app shows it live over its socket.
    const web = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const omarPage = await web.newPage();
    await logInThroughForm(omarPage, stoop.url, omar.email, omar.password);
    await omarPage.goto(`${stoop.url}${conversationPath}`);
    const omarBox = omarPage.getByRole('textbox', { name: 'Message' });
    await omarBox.fill('The parcel room is open until 8 tonight.');
    await omarBox.press('Enter');
    await messageRow(page, 'parcel room is open').waitFor({ timeout: 15_000 });
    const live = sockets.find((socket) => socket.url().startsWith(stoop.url.replace('http', 'ws')));
    expect(live, 'the app talks to the server over a WebSocket').toBeDefined();

    // Nadia answers with a photo: uploaded with the bearer, shown by media ticket on both sides.
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'porch.png', mimeType: 'image/png', buffer: await picture('#e07a5f') });
    await page.getByRole('textbox', { name: 'Message' }).fill('Thanks! Here is the porch.');
    await page.getByRole('button', { name: 'Send' }).click();
    await messageRow(page, 'Here is the porch')
      .getByRole('img', { name: 'porch.png' })
      .waitFor({ timeout: 15_000 });
    await imageLoaded(page, `img[alt="porch.png"][src^="${stoop.url}/api/files/"][src*="mt="]`);
    await messageRow(omarPage, 'Here is the porch').getByRole('img', { name: 'porch.png' }).waitFor();
    await page.screenshot({ path: '/tmp/shots/native-app-chat-390.png' });

    // The app starts again (a reload): still signed in, from the token in the secure store.
    // Push: the settings screen asks the push plugin; its token reaches the server as android.
    await page.goto(`${app.origin}/account_settings/notifications`);
    await page.getByRole('button', { name: 'Turn on push notifications' }).click();
    await page.getByText('On for this device').waitFor();
    // The token arrives as the plugin's event, after register() returned.
    const platforms = async () => {
      const answer = await fetch(`${stoop.url}/api/push/devices`, { headers: { authorization: bearer } });
      const { devices } = (await answer.json()) as { devices: { platform: string }[] };
      return devices.map((d) => d.platform);
    };
    await expect.poll(platforms).toEqual(['android']);
    // The screen's device list, reloaded once the token got there, shows this phone.
    await page.getByRole('list', { name: 'Your devices' }).getByText('Android phone').waitFor();
    const calls = (await bridge(page)).calls.map((c) => `${c.plugin}.${c.method}`);
    expect(calls).toEqual(
      expect.arrayContaining(['PushNotifications.requestPermissions', 'PushNotifications.register']),
    );
    // The same screen lists this app among the signed-in apps.
    const apps = page.getByRole('list', { name: 'Signed-in apps' });
    await apps.getByText('Android app').waitFor();
    await apps.getByText('This device').waitFor();
    await apps.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/shots/native-app-settings-390.png' });

    // Back in the conversation, with a socket of the restarted app.
    const socketsBefore = sockets.length;
    await page.goto(`${app.origin}${conversationPath}`);
    await messageRow(page, 'Here is the porch').waitFor();
    await expect.poll(() => sockets.length).toBeGreaterThan(socketsBefore);
    const socket = sockets.at(-1)!;
    expect(socket.isClosed()).toBe(false);

    // Sign out: the token is revoked (401), the socket closes, the secure store is empty.
    const closed = socket.isClosed() ? Promise.resolve() : socket.waitForEvent('close');
    await page
      .getByRole('button', { name: /Nadia Okafor/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/\/(login|web-home)/);
    await closed;
    const after = await fetch(`${stoop.url}/api/protected/user`, { headers: { authorization: bearer } });
    expect(after.status).toBe(401);
    expect((await bridge(page)).secure).toEqual({});
    await web.close();
    await phone.close();
  });
});
