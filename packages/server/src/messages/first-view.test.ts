import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS, messagesPageSchema } from '@stoop/shared';
import {
  FIRST_PAGE_ELEMENT_ID,
  FIRST_SESSION_ELEMENT_ID,
  FIRST_VIEW_ELEMENT_ID,
} from '@stoop/shared/first-view';
import { inArray } from 'drizzle-orm';
import { messages } from '../db/schema/index.ts';
import { makeChannel, makeDirect, sendText } from '../conversations/testing.ts';
import {
  createTestApp,
  makeAdmin,
  makeUser,
  sessionFor,
  type AuthHeaders,
  type TestApp,
} from '../test/helpers.ts';

/** Building an app on a fresh database can take over a minute on a loaded machine. */
const SETUP_TIMEOUT_MS = 300_000;
const SHELL =
  '<!doctype html><html><head><title>Stoop</title></head><body><div id="root"></div></body></html>';
const XSS = '<img src=x onerror="alert(1)"></script><script>alert(2)</script><!--';

/** A build's chunk graph: the entry, and the two screens sharing a chunk with each other and the entry. */
const MANIFEST = {
  'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_react-R.js'] },
  '_react-R.js': { file: 'assets/react-R.js' },
  '_chat-C.js': { file: 'assets/chat-C.js', imports: ['_react-R.js'] },
  'src/pages/main/MainDashboardLayout.tsx': {
    file: 'assets/MainDashboardLayout-L.js',
    isDynamicEntry: true,
    imports: ['_react-R.js', '_chat-C.js'],
  },
  'src/pages/chat/ConversationPage.tsx': {
    file: 'assets/ConversationPage-P.js',
    isDynamicEntry: true,
    imports: ['_chat-C.js', '_row-W.js'],
    css: ['assets/row-W.css'],
  },
  '_row-W.js': { file: 'assets/row-W.js' },
  'src/pages/chat/ThreadPage.tsx': { file: 'assets/ThreadPage-T.js', isDynamicEntry: true },
};

let t: TestApp;
let dist = '';

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'stoop-first-view-'));
  await writeFile(path.join(dist, 'index.html'), SHELL);
  await mkdir(path.join(dist, '.vite'));
  await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  t = await createTestApp({ WEB_DIST_DIR: dist });
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const channelPath = (id: string) => `/main_dashboard/conversations/channel/${id}`;
const directPath = (id: string) => `/main_dashboard/conversations/direct/${id}`;

const open = (url: string, who?: AuthHeaders) =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

const SESSION_BLOCK = new RegExp(
  `<script type="application/json" id="${FIRST_SESSION_ELEMENT_ID}">([\\s\\S]*?)</script>`,
);
/** The session check's answer written into the page (R-DELIVERY-13), parsed. */
const sessionOf = (html: string): unknown => JSON.parse(SESSION_BLOCK.exec(html)?.[1] ?? 'null');
/** The page without its session block: the shell plus whatever else was written into it. */
const withoutSession = (html: string) => html.replace(SESSION_BLOCK, '');

/** The first view's element and the page's data block, or nulls. */
function partsOf(html: string) {
  const start = html.indexOf(`<div id="${FIRST_VIEW_ELEMENT_ID}"`);
  const end = html.indexOf(`<script type="application/json" id="${FIRST_PAGE_ELEMENT_ID}"`);
  const view = start >= 0 && end > start ? html.slice(start, end) : undefined;
  const data = new RegExp(
    `<script type="application/json" id="${FIRST_PAGE_ELEMENT_ID}"[^>]*>([\\s\\S]*?)</script>`,
  ).exec(html)?.[1];
  return { view: view ?? null, page: data === undefined ? null : messagesPageSchema.parse(JSON.parse(data)) };
}

describe('R-DELIVERY-11: a conversation page comes with its newest messages', () => {
  it('draws them for a reader, escaped, with the same page as GET …/messages as data, never stored by a cache', async () => {
    const author = await sessionFor(t.app, await makeUser(t.app, { username: 'Ama Owusu' }));
    const reader = await sessionFor(t.app, await makeUser(t.app));
    const channel = await makeChannel(t.app, author, 'parcel-room');
    await sendText(t.app, author, channel.id, 'The parcel room is open until 8 pm.');
    await sendText(t.app, author, channel.id, XSS);

    const res = await open(channelPath(channel.id), reader);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    const { view, page } = partsOf(res.body);
    expect(view).toContain('parcel-room');
    expect(view).toContain('Ama Owusu');
    expect(view).toContain('<p>The parcel room is open until 8 pm.</p>');
    // Nothing a resident wrote becomes markup: not in the view, not in the data block.
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).not.toContain('<script>alert(2)');
    // Two data blocks end here, the page's and the session's; nothing a resident wrote ends one.
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
    expect(view).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    const api = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${channel.id}/messages?limit=20`,
      headers: { cookie: reader.cookie },
    });
    expect(page?.messages).toEqual(messagesPageSchema.parse(api.json()).messages);
    expect(page?.messages.at(-1)?.content).toBe(XSS);
  });

  it('sends it compressed when the browser takes brotli', async () => {
    const resident = await sessionFor(t.app, await makeUser(t.app));
    const channel = await makeChannel(t.app, resident);
    await sendText(t.app, resident, channel.id, 'hello');
    const res = await t.app.inject({
      method: 'GET',
      url: channelPath(channel.id),
      headers: { cookie: resident.cookie, 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('hello');
  });

  it('gives anyone who may not read the conversation the plain page: anonymous, locked, a non-participant, an admin', async () => {
    const a = await makeUser(t.app);
    const b = await makeUser(t.app);
    const aHeaders = await sessionFor(t.app, a);
    const direct = await makeDirect(t.app, aHeaders, b.id);
    await sendText(t.app, aHeaders, direct.id, 'the door code is 4711');
    const outsider = await sessionFor(t.app, await makeUser(t.app));
    const admin = await sessionFor(t.app, await makeAdmin(t.app));
    const locked = await sessionFor(t.app, await makeUser(t.app, { locked: true }));

    for (const who of [undefined, locked, outsider, admin]) {
      const res = await open(directPath(direct.id), who);
      expect(res.statusCode).toBe(200);
      expect(withoutSession(res.body)).toBe(SHELL);
      expect(res.body).not.toContain('4711');
    }
    // The participants get it, titled by the other one.
    const own = partsOf((await open(directPath(direct.id), aHeaders)).body);
    expect(own.view).toContain('the door code is 4711');
    expect(own.view).toContain(b.username);
  });

  it('shows a hidden message as hidden to residents and whole to its author; deleted ones not at all', async () => {
    const author = await sessionFor(t.app, await makeUser(t.app));
    const reader = await sessionFor(t.app, await makeUser(t.app));
    const admin = await sessionFor(t.app, await makeAdmin(t.app));
    const channel = await makeChannel(t.app, author);
    const hidden = await sendText(t.app, author, channel.id, 'a rude remark');
    const deleted = await sendText(t.app, author, channel.id, 'sent by mistake');
    const hide = await t.app.inject({
      method: 'POST',
      url: `/api/admin/messages/${hidden.id}/hide`,
      headers: admin,
    });
    expect(hide.statusCode).toBeLessThan(300);
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/api/messages/${deleted.id}`,
      headers: author,
    });
    expect(removal.statusCode).toBeLessThan(300);

    const forReader = partsOf((await open(channelPath(channel.id), reader)).body);
    expect(forReader.view).toContain(TEXTS.messageHiddenByAdmin);
    expect(forReader.view).not.toContain('a rude remark');
    expect(forReader.view).not.toContain('sent by mistake');
    expect(JSON.stringify(forReader.page)).not.toContain('a rude remark');

    const forAuthor = partsOf((await open(channelPath(channel.id), author)).body);
    expect(forAuthor.view).toContain('a rude remark');
  });

  it('R-PREVIEW-6: draws a message’s link card with its image’s space reserved; none for a hidden message', async () => {
    const author = await sessionFor(t.app, await makeUser(t.app));
    const reader = await sessionFor(t.app, await makeUser(t.app));
    const admin = await sessionFor(t.app, await makeAdmin(t.app));
    const channel = await makeChannel(t.app, author);
    const card = {
      url: 'https://news.example/garden',
      canonicalUrl: 'https://news.example/garden',
      title: 'Roof garden opens',
      description: 'Saturday at ten',
      siteName: 'Block News',
      image: 'data:image/webp;base64,AAAA',
      imageWidth: 160,
      imageHeight: 80,
    };
    const shown = await sendText(t.app, author, channel.id, 'See https://news.example/garden');
    const hidden = await sendText(t.app, author, channel.id, 'Also https://news.example/hidden');
    await t.db
      .update(messages)
      .set({ linkPreview: card })
      .where(inArray(messages.id, [shown.id, hidden.id]));
    await t.app.inject({ method: 'POST', url: `/api/admin/messages/${hidden.id}/hide`, headers: admin });

    const { view } = partsOf((await open(channelPath(channel.id), reader)).body);
    // 160 × 80 in at most 96 × 72: 96 × 48, as the app's card reserves it.
    expect(view).toContain('width="96" height="48" style="width:96px;height:48px"');
    expect(view?.match(/Roof garden opens/g)).toHaveLength(1);
    expect(view).toContain('Block News');
  });

  it('leaves every other path plain: a malformed id, a path below a conversation, another page', async () => {
    const resident = await sessionFor(t.app, await makeUser(t.app));
    const channel = await makeChannel(t.app, resident);
    for (const url of [
      channelPath('not-an-id'),
      `${channelPath(channel.id)}/details`,
      `/main_dashboard/conversations/${channel.id}/details`,
      '/main_dashboard',
    ]) {
      const res = await open(url, resident);
      expect(res.statusCode, url).toBe(200);
      expect(withoutSession(res.body), url).toBe(SHELL);
    }
  });
});

describe('R-DELIVERY-11: the page is written as the server drew it', () => {
  it('keeps dollar signs in a message as typed (no replacement patterns)', async () => {
    const resident = await sessionFor(t.app, await makeUser(t.app));
    const channel = await makeChannel(t.app, resident);
    await sendText(t.app, resident, channel.id, "Dues: $$40, or $` and $& and $' for the rest");

    const { body } = await open(channelPath(channel.id), resident);
    expect(partsOf(body).view).toContain('<p>Dues: $$40, or $` and $&amp; and $&#39; for the rest</p>');
    expect(body.match(/<div id="root">/g)).toHaveLength(1);
    expect(body.match(/<head>/g)).toHaveLength(1);
  });
});

describe('R-DELIVERY-14: a drawn conversation names its screen’s chunks', () => {
  const PRELOAD = /<link rel="modulepreload" crossorigin fetchpriority="low" href="\/([^"]+)">/g;
  const preloadsOf = (html: string) => [...html.matchAll(PRELOAD)].map((match) => match[1]);

  it('links the layout’s and the page’s chunks the entry does not load, once each, in the head', async () => {
    const resident = await sessionFor(t.app, await makeUser(t.app));
    const channel = await makeChannel(t.app, resident);
    const { body } = await open(channelPath(channel.id), resident);
    expect(preloadsOf(body)).toEqual([
      'assets/chat-C.js',
      'assets/MainDashboardLayout-L.js',
      'assets/row-W.js',
      'assets/ConversationPage-P.js',
    ]);
    expect(body.lastIndexOf('modulepreload')).toBeLessThan(body.indexOf('</head>'));
  });

  it('links nothing where nothing is drawn: another page, or a conversation the visitor may not read', async () => {
    const owner = await sessionFor(t.app, await makeUser(t.app));
    const outsider = await sessionFor(t.app, await makeUser(t.app));
    const direct = await makeDirect(t.app, owner, (await makeUser(t.app)).id);
    for (const [url, who] of [
      ['/main_dashboard', owner],
      [directPath(direct.id), outsider],
      [directPath(direct.id), undefined],
    ] as const) {
      const { body } = await open(url, who);
      expect(preloadsOf(body), url).toEqual([]);
    }
  });
});

describe('R-DELIVERY-13: every app page carries the session check', () => {
  it('writes what GET /api/protected/user answers: the user, a locked one too, or null without a session', async () => {
    const resident = await sessionFor(t.app, await makeUser(t.app));
    const locked = await sessionFor(t.app, await makeUser(t.app, { locked: true }));
    for (const who of [resident, locked]) {
      const res = await open('/login', who);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(String(res.headers.vary)).toMatch(/cookie/i);
      const api = await t.app.inject({
        method: 'GET',
        url: '/api/protected/user',
        headers: { cookie: who.cookie },
      });
      expect(sessionOf(res.body)).toEqual(api.json());
    }
    const anonymous = await open('/web-home');
    expect(sessionOf(anonymous.body)).toEqual({ user: null });
    // Nothing of anyone's in it: revalidated like the static page, and kept for going back.
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(String(anonymous.headers.vary)).toMatch(/cookie/i);
    expect(withoutSession(anonymous.body)).toBe(SHELL);
    const loggedOut = await open('/web-home', { cookie: 'stoop_session=not-a-session' } as AuthHeaders);
    expect(sessionOf(loggedOut.body)).toEqual({ user: null });
  });

  it('sends a HEAD request the plain shell', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/login' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('R-DELIVERY-11, R-LIMIT-1: drawing a conversation counts as reading it through the API', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ WEB_DIST_DIR: dist, RATE_LIMIT_USER_PER_MINUTE: '4' });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => limited.close());

  it('draws until the resident’s call limit is spent, then sends the plain page', async () => {
    const resident = await sessionFor(limited.app, await makeUser(limited.app));
    const channel = await makeChannel(limited.app, resident); // call 1
    await sendText(limited.app, resident, channel.id, 'hello'); // call 2
    const drawn: boolean[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await limited.app.inject({
        method: 'GET',
        url: channelPath(channel.id),
        headers: { cookie: resident.cookie },
      });
      expect(res.statusCode).toBe(200);
      drawn.push(res.body.includes(FIRST_VIEW_ELEMENT_ID));
    }
    expect(drawn).toEqual([true, true, false]);
  });
});
