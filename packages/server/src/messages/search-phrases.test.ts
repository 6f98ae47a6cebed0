import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SEARCH_CANDIDATES, parseSearch, searchResultSchema, type SearchResult } from '@stoop/shared';
import { makeChannel, makeDirect } from '../conversations/testing.ts';
import { createCommunity, type Person } from '../test/community.ts';
import type { TestApp } from '../test/helpers.ts';
import { searchMessages, type SearchPlan } from './repo/search.ts';
import { PHRASE_WALK, type PhraseWalk } from './repo/search-newest.ts';

/**
 * Decision 0017, "Phrases": a search with a quoted phrase reads the newest messages first and walks
 * on or looks the phrase up in the index by what it finds there. Whichever route it takes, the
 * page, its order and the total must be what the planner's own statement gives.
 */
let t: TestApp;
let alice: Person, bob: Person, carol: Person, admin: Person;
let one: { id: string; name: string }, two: { id: string; name: string };
let direct: { id: string };

const ROWS = 900;
/** What bulk row g says: every third the common phrase, six the rare one, the others its words apart. */
const contentOf = (g: number) =>
  g % 150 === 52
    ? `a blue heron nest ${g}`
    : g % 3 === 0
      ? `the lift is broken again ${g}`
      : g % 3 === 1
        ? `broken is the lift ${g}`
        : `nothing to report ${g}`;
const conversationOf = (g: number) => (g % 10 === 0 ? 'direct' : g % 10 <= 4 ? 'one' : 'two');
const deleted = (g: number) => g % 17 === 0;
const hidden = (g: number) => g % 19 === 0;

beforeAll(async () => {
  const c = await createCommunity({
    alice: { username: 'Alice Phrase' },
    bob: { username: 'bobphrase' },
    carol: {},
    admin: { role: 'admin' },
  });
  t = c;
  ({ alice, bob, carol, admin } = c.people);
  one = await makeChannel(t.app, alice.headers, 'phrases-one');
  two = await makeChannel(t.app, alice.headers, 'phrases-two');
  direct = await makeDirect(t.app, alice.headers, bob.id);
  // Bulk rows newer than anything the test sends, as the bench loads them; the texts follow contentOf.
  await t.db.execute(sql`
    insert into messages (id, conversation_id, user_id, content, created_at, updated_at, seq, created_seq,
      deleted_at, admin_hidden)
    select gen_random_uuid(),
      case when g % 10 = 0 then ${direct.id}::uuid when g % 10 <= 4 then ${one.id}::uuid else ${two.id}::uuid end,
      case when g % 2 = 0 then ${alice.id}::uuid else ${bob.id}::uuid end,
      case when g % 150 = 52 then 'a blue heron nest ' || g
        when g % 3 = 0 then 'the lift is broken again ' || g
        when g % 3 = 1 then 'broken is the lift ' || g
        else 'nothing to report ' || g end,
      timestamptz '2030-01-01' + g * interval '1 minute', now(), s, s,
      case when g % 17 = 0 then now() end, g % 19 = 0
    from (select g, nextval('message_change_seq') as s from generate_series(1, ${ROWS}) g) x`);
});
afterAll(async () => t.close());

async function search(q: string, person: Person): Promise<SearchResult> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/messages/search?q=${encodeURIComponent(q)}&limit=100`,
    headers: person.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return searchResultSchema.parse(res.json());
}

/** The bulk rows a resident who wrote none of them may find with `keep`, newest first. */
function expectedFor(keep: (g: number) => boolean): string[] {
  const found: string[] = [];
  for (let g = ROWS; g >= 1; g -= 1)
    if (keep(g) && conversationOf(g) !== 'direct' && !deleted(g) && !hidden(g)) found.push(contentOf(g));
  return found;
}

describe('R-SEARCH-5 quoted phrases, common and rare, with modifiers', () => {
  it('a common phrase counts to the cap; a rare one is found whole', async () => {
    const common = expectedFor((g) => g % 3 === 0 && g % 150 !== 52);
    expect(common.length).toBeGreaterThan(SEARCH_CANDIDATES);
    expect(await search('"lift is broken"', carol)).toMatchObject({
      total: SEARCH_CANDIDATES,
      totalIsLowerBound: true,
    });
    const rare = await search('"blue heron"', carol);
    expect(rare.messages.map((m) => m.content).sort()).toEqual(expectedFor((g) => g % 150 === 52).sort());
    expect(rare).toMatchObject({ total: 6, totalIsLowerBound: false });
    // The words of the phrase in another order are no match.
    expect((await search('"is the lift broken"', carol)).total).toBe(0);
  });

  it('in: and from: narrow a phrase to one channel or one author', async () => {
    const inOne = expectedFor((g) => g % 3 === 0 && g % 150 !== 52 && conversationOf(g) === 'one');
    const narrowed = await search(`"lift is broken" in:#${one.name}`, carol);
    expect(narrowed).toMatchObject({ total: inOne.length, totalIsLowerBound: false });
    expect(new Set(narrowed.messages.map((m) => m.conversationId))).toEqual(new Set([one.id]));
    const byBob = expectedFor((g) => g % 3 === 0 && g % 150 !== 52 && g % 2 === 1);
    const fromBob = await search('from:@bobphrase "lift is broken"', carol);
    expect(fromBob).toMatchObject({ total: Math.min(byBob.length, SEARCH_CANDIDATES) });
    expect(new Set(fromBob.messages.map((m) => m.userId))).toEqual(new Set([bob.id]));
    expect((await search('from:@bobphrase "blue heron"', carol)).total).toBe(0);
  });
});

/** The routes phraseNewest may take, each forced by its bounds on these 900 rows. */
const ROUTES: [string, PhraseWalk][] = [
  // More than the table: the newest messages are all of them.
  ['the sample alone', { ...PHRASE_WALK, sample: 100_000 }],
  // The newest 4 hold the common phrase (the oldest of them, 897, too: the edge), and the walk
  // reaches every older message, the index being dear.
  ['the sample, then the walk', { sample: 4, factor: 1_000_000, max: 1e12, indexRowCost: 1e12 }],
  // A walk too short for 201: the index after it.
  ['a short walk, then the index', { sample: 4, factor: 0.001, max: 1e12, indexRowCost: 1e12 }],
  // The index cheaper than any walk.
  ['the index at once', { sample: 4, factor: 1, max: 1e12, indexRowCost: 0 }],
];

describe('decision 0017 every route of a phrase gives the planner’s page', () => {
  const queries = (): [string, Partial<SearchPlan>][] => [
    ['"lift is broken"', {}],
    ['"blue heron"', {}],
    ['"lift is broken"', { conversationIds: [one.id] }],
    ['"lift is broken"', { authorIds: [bob.id] }],
    ['"lift is broken"', { conversationIds: [direct.id] }],
    ['"the lift" broken agai', {}],
    ['"lift is broken"', { createdBefore: new Date('2030-01-01T10:00:00Z') }],
    ['"lift is" "is broken" again', { authorIds: [alice.id, bob.id], conversationIds: [one.id, two.id] }],
    ['"nothing to report" has:link', { hasLink: true }],
  ];
  // Every route (and the default) against the planner's statement: a ranked page, one across the
  // end of the ranked ones and one past them.
  const pages = [
    [0, 20],
    [SEARCH_CANDIDATES - 5, 10],
    [SEARCH_CANDIDATES, 7],
  ] as const;
  const viewers: [string, () => Person][] = [
    ['a resident', () => carol],
    ['a participant of the direct conversation', () => alice],
    ['an admin', () => admin],
  ];
  for (const [name, viewerOf] of viewers)
    it(`same hits, order and totals for ${name}, each modifier and page`, { timeout: 180_000 }, async () => {
      const viewer = viewerOf();
      for (const [q, modifiers] of queries())
        for (const [offset, limit] of pages) {
          const { words, phrases, prefix } = parseSearch(q).filters;
          const plan: SearchPlan = {
            viewer,
            words,
            phrases,
            prefix,
            authorIds: null,
            conversationIds: null,
            createdBefore: null,
            createdFrom: null,
            hasFile: false,
            hasLink: false,
            limit,
            offset,
            ...modifiers,
          };
          const planners = await searchMessages(t.db, plan, null);
          for (const [route, walk] of ROUTES)
            expect(await searchMessages(t.db, plan, walk), `${route}: ${q} at ${offset}`).toEqual(planners);
          expect(await searchMessages(t.db, plan), `default: ${q} at ${offset}`).toEqual(planners);
        }
    });
});
