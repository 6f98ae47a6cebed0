import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { SEARCH_CANDIDATES, searchResultSchema, type SearchResult } from '@stoop/shared';
import { messages } from '../db/schema/index.ts';
import { presentRows } from './present.ts';
import {
  PNG_1X1,
  formOf,
  injectForm,
  makeChannel,
  makeDirect,
  sendText,
  type Headers,
} from '../conversations/testing.ts';
import { createCommunity, headersOf, idsOf } from '../test/community.ts';
import { csrfHeaders, type TestApp } from '../test/helpers.ts';
import { expectError } from '../test/http.ts';

let t: TestApp;
let alice: Headers, bob: Headers, carol: Headers, admin: Headers, locked: Headers;
let aliceId: string, bobId: string, carolId: string, adminId: string;

beforeAll(async () => {
  const c = await createCommunity({
    alice: { username: 'Alice Search' },
    bob: { username: 'bobsearch' },
    carol: { username: 'Carol Search' },
    admin: { role: 'admin', username: 'adminsearch' },
    locked: { locked: true },
  });
  t = c;
  ({ alice, bob, carol, admin, locked } = headersOf(c.people));
  ({ alice: aliceId, bob: bobId, carol: carolId, admin: adminId } = idsOf(c.people));
});
afterAll(async () => t.close());

const searchRaw = (q: string, headers: Headers = {}, extra = '') =>
  t.app.inject({ method: 'GET', url: `/api/messages/search?q=${encodeURIComponent(q)}${extra}`, headers });
async function search(q: string, headers: Headers, extra = ''): Promise<SearchResult> {
  const res = await searchRaw(q, headers, extra);
  expect(res.statusCode, res.body).toBe(200);
  return searchResultSchema.parse(res.json());
}
const contents = (result: SearchResult) => result.messages.map((m) => m.content);
const backdate = (id: string, iso: string) =>
  t.db
    .update(messages)
    .set({ createdAt: new Date(iso) })
    .where(eq(messages.id, id));

describe('R-SEARCH-5 GET /api/messages/search: words, phrases and modifiers', () => {
  it('matches the last word as a prefix, the others whole, and quoted phrases in order', async () => {
    const channel = await makeChannel(t.app, alice);
    await sendText(t.app, alice, channel.id, 'Farmers market on Saturday');
    await sendText(t.app, alice, channel.id, 'Saturday market for farmers');
    expect(contents(await search('market farm', carol)).sort()).toEqual([
      'Farmers market on Saturday',
      'Saturday market for farmers',
    ]);
    // "farm" is not the last word: it must be a whole word, and no message has it.
    expect((await search('farm market', carol)).total).toBe(0);
    expect(contents(await search('"farmers market"', carol))).toEqual(['Farmers market on Saturday']);
  });

  it('from:@ keeps one author, quoted when the name has a space, ignoring case', async () => {
    const channel = await makeChannel(t.app, alice);
    await sendText(t.app, alice, channel.id, 'quokka sighting by the bins');
    await sendText(t.app, bob, channel.id, 'quokka again today');
    expect(contents(await search('from:@"alice search" quokka', carol))).toEqual([
      'quokka sighting by the bins',
    ]);
    expect(contents(await search('quokka from:@BOBSEARCH', carol))).toEqual(['quokka again today']);
    // Modifiers alone are a search too.
    expect(contents(await search(`from:@bobsearch in:#${channel.name}`, carol))).toEqual([
      'quokka again today',
    ]);
  });

  it('in:#channel keeps one channel; in:@user the direct conversation with that user', async () => {
    const one = await makeChannel(t.app, alice);
    const two = await makeChannel(t.app, alice);
    const direct = await makeDirect(t.app, alice, bobId);
    await sendText(t.app, alice, one.id, 'narwhal meetup');
    await sendText(t.app, alice, two.id, 'narwhal potluck');
    await sendText(t.app, bob, direct.id, 'narwhal secret');
    expect(contents(await search(`narwhal in:#${one.name.toUpperCase()}`, alice))).toEqual([
      'narwhal meetup',
    ]);
    expect(contents(await search('narwhal in:@bobsearch', alice))).toEqual(['narwhal secret']);
    expect(contents(await search('in:@"Alice Search" narwhal', bob))).toEqual(['narwhal secret']);
  });

  it('before: and after: take whole UTC days, the day itself excluded', async () => {
    const channel = await makeChannel(t.app, alice);
    const early = await sendText(t.app, alice, channel.id, 'ocelot early');
    const middle = await sendText(t.app, alice, channel.id, 'ocelot middle');
    const late = await sendText(t.app, alice, channel.id, 'ocelot late');
    await backdate(early.id, '2024-03-01T23:59:59Z');
    await backdate(middle.id, '2024-03-02T12:00:00Z');
    await backdate(late.id, '2024-03-03T00:00:00Z');
    expect(contents(await search('ocelot before:2024-03-02', carol))).toEqual(['ocelot early']);
    expect(contents(await search('ocelot after:2024-03-02', carol))).toEqual(['ocelot late']);
    expect(contents(await search('ocelot after:2024-03-01 before:2024-03-03', carol))).toEqual([
      'ocelot middle',
    ]);
  });

  it('has:file and has:link keep messages with an attachment or a web address', async () => {
    const channel = await makeChannel(t.app, alice);
    const upload = await injectForm(
      t.app,
      'POST',
      `/api/conversations/${channel.id}/messages`,
      formOf({ content: 'pangolin floor plan' }, { name: 'plan.png', bytes: PNG_1X1, type: 'image/png' }),
      alice,
    );
    expect(upload.statusCode, upload.body).toBe(201);
    await sendText(t.app, alice, channel.id, 'pangolin notes at https://example.com/notes');
    await sendText(t.app, alice, channel.id, 'pangolin plain words');
    expect(contents(await search('pangolin has:file', carol))).toEqual(['pangolin floor plan']);
    expect(contents(await search('pangolin has:link', carol))).toEqual([
      'pangolin notes at https://example.com/notes',
    ]);
    expect((await search('pangolin has:link has:file', carol)).total).toBe(0);
  });
});

describe('R-SEARCH-6, R-SEARCH-7 results: ranked, named, highlighted, counted', () => {
  it('ranks words close together first, names the conversation and marks the words by offsets', async () => {
    const channel = await makeChannel(t.app, alice, 'Garden Club search');
    await sendText(
      t.app,
      alice,
      channel.id,
      'the tomato plants need water and later the basil wants a tomato cage',
    );
    await sendText(t.app, alice, channel.id, 'tomato cage <b>sale</b>');
    const direct = await makeDirect(t.app, alice, bobId);
    await sendText(t.app, bob, direct.id, 'spare tomato seedlings, then a cage');
    const result = await search('tomato cage', alice);
    expect(result.total).toBe(3);
    expect(result.messages[0]?.content).toBe('tomato cage <b>sale</b>');
    const [first] = result.hits;
    expect(first).toMatchObject({
      messageId: result.messages[0]?.id,
      conversationType: 'channel',
      conversationName: 'Garden Club search',
      // The text as written: the client renders it as text, never as markup.
      snippet: 'tomato cage <b>sale</b>',
      highlights: [
        [0, 6],
        [7, 11],
      ],
    });
    const dm = result.hits.find((h) => h.conversationType === 'direct');
    expect(dm?.conversationName).toBe('bobsearch');
  });

  it('counts to the cap, flags a larger total, and pages past the ranked ones by recency', async () => {
    const channel = await makeChannel(t.app, alice);
    const total = SEARCH_CANDIDATES + 5;
    // Bulk rows, as the bench loads them.
    await t.db.execute(sql`
      insert into messages (id, conversation_id, user_id, content, created_at, updated_at, seq, created_seq)
      select gen_random_uuid(), ${channel.id}::uuid, ${aliceId}::uuid, 'wombat number ' || g,
        timestamptz '2023-01-01' + g * interval '1 second', now(), s, s
      from (select g, nextval('message_change_seq') as s from generate_series(1, ${total}) g) x`);
    const first = await search('wombat', carol);
    expect(first).toMatchObject({ total: SEARCH_CANDIDATES, totalIsLowerBound: true });
    const past = await search('wombat', carol, `&offset=${SEARCH_CANDIDATES}&limit=3`);
    expect(contents(past)).toEqual(
      [total, total - 1, total - 2].map((g) => `wombat number ${g - SEARCH_CANDIDATES}`),
    );
    expect(await search('"wombat number 100"', carol)).toMatchObject({ total: 1, totalIsLowerBound: false });
    // The last word as a prefix: 10 and 100 … 109.
    expect((await search('wombat number 10', carol, '&limit=1')).total).toBe(11);
  });
});

describe('R-SEARCH-5 refused searches', () => {
  it('answers 400 naming the modifier it cannot use', async () => {
    const hidden = await makeChannel(t.app, admin, 'search-hidden-400');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/conversations/${hidden.id}/admin-hide-channel`,
      headers: admin,
    });
    const refused: [string, string][] = [
      ['rent from:@nobody', 'Unknown user in from:@nobody'],
      ['in:@"No Body"', 'Unknown user in in:@"No Body"'],
      ['in:#nowhere', 'Unknown channel in in:#nowhere'],
      // A hidden channel is unknown to a resident: the answer must not tell it exists.
      ['in:#search-hidden-400', 'Unknown channel in in:#search-hidden-400'],
      ['rent before:2024-13-01', 'Invalid date in before:2024-13-01'],
      ['after:soon', 'Invalid date in after:soon'],
      ['has:pdf', 'Unknown filter in has:pdf (use has:file or has:link)'],
      ['from:@', 'Missing value in from:@'],
      ['from:@a from:@b', 'Use from: only once in a search'],
    ];
    for (const [q, message] of refused) expectError(await searchRaw(q, carol), 400, { field: 'q', message });
    expectError(await searchRaw(' ', carol), 400, { field: 'q' });
    expect((await search('-- !!', carol)).total).toBe(0);
  });

  it('R-ACCESS-1: anonymous 401, locked 403', async () => {
    expectError(await searchRaw('rent'), 401);
    expectError(await searchRaw('rent', csrfHeaders(t.app)), 401);
    expectError(await searchRaw('rent', locked), 403, { code: 'ACCOUNT_LOCKED' });
  });
});

describe('R-SEARCH-4 never what the caller may not read', () => {
  it('a direct conversation of A and B stays theirs, whatever C asks', async () => {
    const direct = await makeDirect(t.app, alice, bobId);
    await sendText(t.app, alice, direct.id, 'axolotl password is hunter2');
    expect((await search('axolotl', bob)).total).toBe(1);
    for (const q of [
      'axolotl',
      'axolotl in:@"Alice Search"',
      'axolotl in:@bobsearch',
      'from:@"Alice Search" axol',
      '"password is"',
    ])
      expect(await search(q, carol)).toMatchObject({ messages: [], hits: [], total: 0 });
    // Not even an admin reads other people's direct conversations.
    expect((await search('axolotl', admin)).total).toBe(0);
  });

  it("a hidden channel's messages reach admins only; deleted messages nobody", async () => {
    const channel = await makeChannel(t.app, alice);
    await sendText(t.app, alice, channel.id, 'capybara swap meet');
    const gone = await sendText(t.app, alice, channel.id, 'capybara deleted');
    await t.app.inject({ method: 'DELETE', url: `/api/messages/${gone.id}`, headers: alice });
    expect(contents(await search('capybara', carol))).toEqual(['capybara swap meet']);
    const hide = await t.app.inject({
      method: 'PATCH',
      url: `/api/conversations/${channel.id}/admin-hide-channel`,
      headers: admin,
    });
    expect(hide.statusCode).toBe(200);
    expect((await search('capybara', carol)).total).toBe(0);
    expect((await search('capybara', alice)).total).toBe(0);
    expect(contents(await search(`capybara in:#${channel.name}`, admin))).toEqual(['capybara swap meet']);
  });
});

describe('R-SEARCH-7 the page is presented as every other reader presents messages', () => {
  it('likes, file, replies and a hidden message read as presentRows gives them, for each viewer', async () => {
    const channel = await makeChannel(t.app, alice);
    const upload = await injectForm(
      t.app,
      'POST',
      `/api/conversations/${channel.id}/messages`,
      formOf({ content: 'manatee floor plan' }, { name: 'plan.png', bytes: PNG_1X1, type: 'image/png' }),
      alice,
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const liked = await sendText(t.app, bob, channel.id, 'manatee sighting at the pool');
    for (const headers of [alice, carol]) {
      const like = await t.app.inject({ method: 'POST', url: `/api/messages/${liked.id}/like`, headers });
      expect(like.statusCode, like.body).toBe(200);
    }
    await sendText(t.app, carol, channel.id, 'first reply', { parentMessageId: liked.id });
    await sendText(t.app, alice, channel.id, 'second reply', { parentMessageId: liked.id });
    const hidden = await sendText(t.app, bob, channel.id, 'manatee hidden words');
    const like = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${hidden.id}/like`,
      headers: alice,
    });
    expect(like.statusCode, like.body).toBe(200);
    const hide = await t.app.inject({
      method: 'POST',
      url: `/api/admin/messages/${hidden.id}/hide`,
      headers: admin,
    });
    expect(hide.statusCode, hide.body).toBe(200);
    const viewers = [
      // The hidden message is no hit for a resident who did not write it (R-ADMIN-9).
      { headers: carol, id: carolId, role: 'resident', found: 2 },
      { headers: bob, id: bobId, role: 'resident', found: 3 },
      { headers: admin, id: adminId, role: 'admin', found: 3 },
    ] as const;
    for (const viewer of viewers) {
      const result = await search('manatee', viewer.headers);
      expect(result.total).toBe(viewer.found);
      const rows = await t.db
        .select()
        .from(messages)
        .where(
          inArray(
            messages.id,
            result.messages.map((m) => m.id),
          ),
        );
      const byId = new Map(rows.map((row) => [row.id, row]));
      const expected = await presentRows(
        t.db,
        result.messages.flatMap((m) => byId.get(m.id) ?? []),
        viewer,
      );
      expect(result.messages).toEqual(expected);
      expect(result.messages.find((m) => m.id === liked.id)).toMatchObject({
        likedBy: [aliceId, carolId],
        replies: expect.arrayContaining([expect.any(String), expect.any(String)]) as unknown,
      });
    }
  });
});
