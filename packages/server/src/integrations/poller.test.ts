/**
 * R-INTEG-6: the poller against local HTTP servers serving real RSS 2.0, Atom and iCal documents:
 * conditional requests, each item posted once, and no repeat after a restart (a new poller on the
 * same database that fetches the whole document again).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_DEFAULT_MINUTES,
  FEED_FIRST_FETCH_POSTS,
  eventResponseSchema,
  integrationResponseSchema,
  messagesPageSchema,
  type Message,
} from '@stoop/shared';
import { makeChannel } from '../conversations/testing.ts';
import { events, integrationItems, integrations } from '../db/schema/index.ts';
import {
  createTestApp,
  makeAdmin,
  makeUser,
  sessionFor,
  type AuthHeaders,
  type TestApp,
} from '../test/helpers.ts';
import { call } from '../test/http.ts';
import { FeedPoller } from './poller.ts';

type Doc = { body: string; type: string; etag: string; lastModified: string };
const docs = new Map<string, Doc>();
const seen: { path: string; headers: IncomingHttpHeaders; status: number }[] = [];
let server: Server;
let base: string;

const rss = (items: { guid: string; title: string; day: number }[]) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>Building news</title>
    <link>https://news.example/</link>
    <description>News of the building</description>
    ${items
      .map(
        (item) => `<item>
      <title>${item.title}</title>
      <link>https://news.example/${item.guid}</link>
      <description><![CDATA[<p>About <b>${item.title}</b> &amp; more</p>]]></description>
      <guid isPermaLink="false">${item.guid}</guid>
      <pubDate>${new Date(Date.UTC(2026, 10, item.day, 9)).toUTCString()}</pubDate>
    </item>`,
      )
      .reverse()
      .join('\n')}
  </channel>
</rss>`;

const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Council notices</title>
  <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0af6</id>
  <updated>2026-11-20T18:30:02Z</updated>
  <entry>
    <title type="html">Road works on Elm &amp;amp; Oak</title>
    <link rel="alternate" href="https://council.example/notices/2"/>
    <id>urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6b</id>
    <updated>2026-11-20T18:30:02Z</updated>
    <summary>Lane closures all week.</summary>
  </entry>
  <entry>
    <title>Bin day moves</title>
    <link href="https://council.example/notices/1"/>
    <id>urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a</id>
    <updated>2026-11-18T08:00:00Z</updated>
    <content type="html">&lt;p&gt;Thursdays from December.&lt;/p&gt;</content>
  </entry>
</feed>`;

const ical = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Stoop test//EN',
  'BEGIN:VEVENT',
  'UID:potluck-2026@stoop.test',
  'DTSTAMP:20261101T120000Z',
  'DTSTART:20261205T180000Z',
  'DTEND:20261205T210000Z',
  'SUMMARY:Winter potluck',
  'LOCATION:Courtyard\\, under the big tree',
  'DESCRIPTION:Bring a dish to share. Long descriptions are folded across',
  '  several lines by calendar programs.',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:meeting-2026@stoop.test',
  'DTSTAMP:20261101T120000Z',
  'DTSTART;TZID=Europe/Berlin:20261210T190000',
  'SUMMARY:Residents meeting',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

let t: TestApp;
let admin: AuthHeaders, resident: AuthHeaders;
let channelId: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const doc = docs.get(request.url ?? '');
    if (!doc) {
      response.writeHead(404).end();
      seen.push({ path: request.url ?? '', headers: request.headers, status: 404 });
      return;
    }
    const fresh =
      request.headers['if-none-match'] === doc.etag ||
      request.headers['if-modified-since'] === doc.lastModified;
    seen.push({ path: request.url ?? '', headers: request.headers, status: fresh ? 304 : 200 });
    if (fresh) {
      response.writeHead(304, { etag: doc.etag }).end();
      return;
    }
    response.writeHead(200, { 'content-type': doc.type, etag: doc.etag, 'last-modified': doc.lastModified });
    response.end(doc.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The local servers are on loopback: only this flag lets the fetches through (R-INTEG-7).
  t = await createTestApp({ FEED_ALLOW_PRIVATE_ADDRESSES: 'true', FEED_POLL_SECONDS: '3600' });
  const [a, r] = await Promise.all([makeAdmin(t.app), makeUser(t.app)]);
  admin = await sessionFor(t.app, a);
  resident = await sessionFor(t.app, r);
  channelId = (await makeChannel(t.app, admin, 'notices')).id;
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function serve(path: string, body: string, type: string, version: string) {
  docs.set(path, {
    body,
    type,
    etag: `"${version}"`,
    lastModified: new Date(Date.UTC(2026, 10, 1, 0, Number(version.replace(/\D/g, '')) || 0)).toUTCString(),
  });
}

async function connect(type: 'rss' | 'ical', name: string, path: string): Promise<string> {
  const res = await call(
    t.app,
    'POST',
    '/api/integrations',
    { type, conversationId: channelId, name, url: `${base}${path}` },
    admin,
  );
  expect(res.statusCode, res.body).toBe(201);
  // Connecting wakes the poller; its first fetch is done once it is idle.
  await t.app.feedPoller.idle();
  return integrationResponseSchema.parse(res.json()).integration.id;
}

/** Makes the source due now and runs one poll with `poller`. */
async function pollNow(id: string, poller: Pick<FeedPoller, 'pollDue'> = t.app.feedPoller) {
  await t.app.feedPoller.idle();
  await t.db
    .update(integrations)
    .set({ nextPollAt: new Date(0) })
    .where(eq(integrations.id, id));
  expect(await poller.pollDue()).toBeGreaterThanOrEqual(1);
}

async function botMessages(source: string): Promise<Message[]> {
  const res = await call(
    t.app,
    'GET',
    `/api/conversations/${channelId}/messages?limit=100`,
    undefined,
    resident,
  );
  return messagesPageSchema.parse(res.json()).messages.filter((m) => m.metadata.bot?.source === source);
}

const fetchesOf = (path: string) => seen.filter((s) => s.path === path);

describe('R-INTEG-6 RSS', () => {
  const items = Array.from({ length: 5 }, (_, i) => ({
    guid: `post-${i + 1}`,
    title: `Post ${i + 1}`,
    day: i + 1,
  }));
  /** A feed of its own for each test (its own path and name), already fetched once. */
  const connectNews = (path: string, name: string) => {
    serve(path, rss(items), 'application/rss+xml', 'v1');
    return connect('rss', name, path);
  };

  it('a first fetch posts only the newest items, oldest first, as the source', async () => {
    const id = await connectNews('/news.xml', 'Building news');
    const posted = await botMessages('Building news');
    expect(posted.map((m) => m.content.split('\n')[0])).toEqual(
      ['Post 3', 'Post 4', 'Post 5'].slice(-FEED_FIRST_FETCH_POSTS),
    );
    expect(posted[0]?.content).toBe('Post 3\nAbout Post 3 & more\nhttps://news.example/post-3');
    expect(posted[0]?.metadata.bot).toEqual({
      integrationId: id,
      source: 'Building news',
      name: 'Building news',
      iconUrl: null,
    });
  });

  it('an unchanged feed is asked for conditionally and answered 304; nothing is posted', async () => {
    const id = await connectNews('/quiet-news.xml', 'Quiet news');
    await pollNow(id);
    const last = fetchesOf('/quiet-news.xml').at(-1);
    expect(last?.headers['if-none-match']).toBe('"v1"');
    expect(last?.headers['if-modified-since']).toBeDefined();
    expect(last?.status).toBe(304);
    expect(await botMessages('Quiet news')).toHaveLength(FEED_FIRST_FETCH_POSTS);
  });

  it('a new item is posted once; a restarted poller fetching the whole feed again posts nothing twice', async () => {
    const id = await connectNews('/growing-news.xml', 'Growing news');
    serve(
      '/growing-news.xml',
      rss([...items, { guid: 'post-6', title: 'Post 6', day: 6 }]),
      'application/rss+xml',
      'v2',
    );
    await pollNow(id);
    expect((await botMessages('Growing news')).map((m) => m.content.split('\n')[0])).toEqual([
      'Post 3',
      'Post 4',
      'Post 5',
      'Post 6',
    ]);

    // A restart: a new poller on the same database, and validators lost so the document comes whole.
    await t.db.update(integrations).set({ etag: null, lastModified: null }).where(eq(integrations.id, id));
    const restarted = new FeedPoller(t.app, t.app.log);
    await pollNow(id, restarted);
    expect(fetchesOf('/growing-news.xml').at(-1)?.status).toBe(200);
    expect(await botMessages('Growing news')).toHaveLength(4);
  });

  it('an error is kept as the last error for admins and cleared by the next good fetch', async () => {
    const id = await connectNews('/flaky-news.xml', 'Flaky news');
    docs.delete('/flaky-news.xml');
    await pollNow(id);
    const list = async () =>
      (await call(t.app, 'GET', '/api/integrations', undefined, admin))
        .json<{ data: { id: string; lastError: string | null }[] }>()
        .data.find((i) => i.id === id);
    expect((await list())?.lastError).toBe('The feed answered HTTP 404');
    serve('/flaky-news.xml', rss(items), 'application/rss+xml', 'v3');
    await pollNow(id);
    expect((await list())?.lastError).toBeNull();
  });
});

describe('R-INTEG-6 Atom', () => {
  it('entries are posted with their alternate link and decoded text', async () => {
    serve('/council.atom', atom, 'application/atom+xml', 'a1');
    await connect('rss', 'Council', '/council.atom');
    const posted = await botMessages('Council');
    expect(posted.map((m) => m.content)).toEqual([
      'Bin day moves\nThursdays from December.\nhttps://council.example/notices/1',
      'Road works on Elm & Oak\nLane closures all week.\nhttps://council.example/notices/2',
    ]);
  });
});

describe('R-INTEG-6 iCal', () => {
  it('VEVENTs with a UID become events in the channel, their cards posted as the source, each once (R-EVENT-9)', async () => {
    serve('/events.ics', ical, 'text/calendar', 'c1');
    const id = await connect('ical', 'Events', '/events.ics');
    const posted = await botMessages('Events');
    expect(posted.map((m) => m.content)).toEqual(['Winter potluck', 'Residents meeting']);
    const [potluck, meeting] = await Promise.all(
      posted.map(async (m) => {
        expect(m.eventId).toBeTruthy();
        const res = await call(t.app, 'GET', `/api/events/${m.eventId ?? ''}`, undefined, resident);
        expect(res.statusCode, res.body).toBe(200);
        return eventResponseSchema.parse(res.json()).event;
      }),
    );
    expect(potluck).toMatchObject({
      conversationId: channelId,
      integrationId: id,
      title: 'Winter potluck',
      startsAt: '2026-12-05T18:00:00.000Z',
      endsAt: '2026-12-05T21:00:00.000Z',
      location: 'Courtyard, under the big tree',
      description:
        'Bring a dish to share. Long descriptions are folded across several lines by calendar programs.',
      counts: { going: 0, maybe: 0, no: 0 },
    });
    // No DTEND: the event lasts EVENT_DEFAULT_MINUTES; no LOCATION: a placeholder.
    expect(meeting).toMatchObject({ title: 'Residents meeting', location: 'To be announced' });
    expect(Date.parse(meeting?.endsAt ?? '') - Date.parse(meeting?.startsAt ?? '')).toBe(
      EVENT_DEFAULT_MINUTES * 60_000,
    );

    // A whole new fetch, and even with the source's memory of seen items gone, makes no second event.
    await t.db.update(integrations).set({ etag: null, lastModified: null }).where(eq(integrations.id, id));
    await pollNow(id);
    await t.db.delete(integrationItems).where(eq(integrationItems.integrationId, id));
    await pollNow(id);
    expect(await botMessages('Events')).toHaveLength(2);
    const sourced = await t.db.select().from(events).where(eq(events.integrationId, id));
    expect(sourced.map((e) => e.sourceUid).sort()).toEqual([
      'meeting-2026@stoop.test',
      'potluck-2026@stoop.test',
    ]);
  });

  it('a paused source is not fetched', async () => {
    serve('/paused.ics', ical, 'text/calendar', 'p1');
    const res = await call(
      t.app,
      'POST',
      '/api/integrations',
      { type: 'ical', conversationId: channelId, name: 'Paused', url: `${base}/paused.ics` },
      admin,
    );
    const { id } = integrationResponseSchema.parse(res.json()).integration;
    await t.app.feedPoller.idle();
    await call(t.app, 'PATCH', `/api/integrations/${id}`, { paused: true }, admin);
    const before = fetchesOf('/paused.ics').length;
    await t.db
      .update(integrations)
      .set({ nextPollAt: new Date(0) })
      .where(eq(integrations.id, id));
    await t.app.feedPoller.idle();
    expect(await t.app.feedPoller.pollDue()).toBe(0);
    expect(fetchesOf('/paused.ics').length).toBe(before);
  });
});
