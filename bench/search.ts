/**
 * `npm run bench:search`: p50/p95 of GET /api/messages/search (R-SEARCH-7) with 1,000,000 messages,
 * on PostgreSQL and on PGlite, through the real server process, searched by a resident (so the
 * access rule is applied as for anyone, not an admin's shortcut).
 *
 * The text is chat-like English (support/english.ts): the 5,000 most frequent words of spoken
 * English at their real frequencies, in sentences of 3–30 words with everyday phrases among them, so
 * that a quoted phrase of two common words occurs as it does in chat. Each shape prints the share of
 * messages its text matches. Messages are spread over 10 channels (one hidden by an admin) and one
 * direct conversation the searcher is not in, by 11 authors, one a minute; 1 % carry a link, 2 % a
 * mention. Loaded in batches of texts drawn in Node, not through the API, with the search indexes
 * built after the load.
 *
 * Env: BENCH_DB=pg|pglite|both (both), BENCH_MESSAGES=1000000, BENCH_SAMPLES=100 (per query shape),
 * BENCH_WARMUP_SECONDS=3, BENCH_KEEP_DATABASE=1 (keep the PostgreSQL database and print its URL),
 * BENCH_KEEP_DATA_DIR=1 (keep the embedded database's directory), BENCH_REUSE_PG / BENCH_REUSE_PGLITE
 * (search what an earlier run kept).
 */
import path from 'node:path';
import { cpus, loadavg, totalmem } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { startStoop } from './support/stoop.ts';
import { openPg, openPglite, type Database } from '../packages/server/src/db/client.ts';
import { rowsOf } from '../packages/server/src/db/rows.ts';
import { englishMessages } from './support/english.ts';
import { getJson } from './support/http.ts';
import { percentile, rssMb } from './support/stats.ts';
import { BENCH_LIMITS, BenchSession, adminSession, makeResidents, scratchDatabase } from './chat-support.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const DATABASES =
  (process.env.BENCH_DB ?? 'both') === 'both' ? ['pg', 'pglite'] : [process.env.BENCH_DB ?? 'pg'];
const BASE = Date.parse('2024-01-01T00:00:00Z');
const BATCH = 50_000;
const VOCABULARY = 5000;
const CHANNELS = 10;
const RESIDENTS = 10;

type Layout = { conversations: string[]; authors: string[] };

/**
 * Inserts the messages: message g goes to conversation g mod n, by author g mod m, at BASE + g
 * minutes, with UUIDv7 ids built from that time (as the app's own ids); the texts are drawn in
 * order from one seeded generator (support/english.ts), so every run loads the same messages.
 */
async function bulkInsert(database: Database, layout: Layout): Promise<void> {
  const english = englishMessages({ seed: 2024, vocabulary: VOCABULARY, mentionNames: MENTION_NAMES });
  const conversations = `'{${layout.conversations.join(',')}}'::uuid[]`;
  const authors = `'{${layout.authors.join(',')}}'::uuid[]`;
  for (let from = 1; from <= MESSAGES; from += BATCH) {
    const to = Math.min(MESSAGES, from + BATCH - 1);
    const texts = Array.from({ length: to - from + 1 }, () => english.next());
    await database.db.execute(sql`
      insert into messages (id, conversation_id, user_id, content, created_at, updated_at, seq, created_seq)
      select
        (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-7' || substr(r, 1, 3) || '-8' || substr(r, 4, 3) || '-' || substr(r, 7, 12))::uuid,
        (${sql.raw(conversations)})[1 + g % ${layout.conversations.length}],
        (${sql.raw(authors)})[1 + g % ${layout.authors.length}],
        text, ts, ts, s, s
      from (
        select g, text, ts, nextval('message_change_seq') as s,
          lpad(to_hex((extract(epoch from ts) * 1000)::bigint), 12, '0') as h, md5(g::text) as r
        from (select ${from - 1} + n::int as g, text, to_timestamp(${BASE / 1000} + (${from - 1} + n) * 60) as ts
          from unnest(${sql.param(texts)}::text[]) with ordinality as t(text, n)) x
      ) y`);
    process.stdout.write(`  inserted ${to.toLocaleString('en-US')}\r`);
  }
  process.stdout.write('\n');
}

/**
 * Whether the database has a word-pair index: one was tried for quoted phrases and not kept
 * (bench/RESULTS.md, "Search: phrases by word pairs"); a database kept from that trial still has it.
 */
async function hasPairIndex(database: Database): Promise<boolean> {
  const result = await database.db.execute(sql`select to_regclass('messages_pairs_idx') is not null as has`);
  return rowsOf<{ has: boolean }>(result)[0]?.has === true;
}

/**
 * The search indexes are built once after the load: maintaining a GIN index row by row is slow.
 * Each build is timed and the indexes' sizes printed (the pair index's cost at this size).
 */
async function withoutSearchIndexes(
  kind: string,
  database: Database,
  load: () => Promise<void>,
): Promise<void> {
  const pairs = await hasPairIndex(database);
  await database.db.execute(sql`drop index messages_search_idx`);
  await database.db.execute(sql`drop index messages_created_idx`);
  if (pairs) await database.db.execute(sql`drop index messages_pairs_idx`);
  await load();
  await database.db.execute(sql`set maintenance_work_mem = '256MB'`);
  const timed = async (name: string, statement: ReturnType<typeof sql>) => {
    const t0 = performance.now();
    await database.db.execute(statement);
    const size = rowsOf<{ mb: string }>(
      await database.db.execute(sql`select (pg_relation_size(${name}::regclass) / 1048576)::int as mb`),
    )[0]?.mb;
    console.log(`${kind}: built ${name} in ${((performance.now() - t0) / 1000).toFixed(1)} s, ${size} MB`);
  };
  await timed(
    'messages_search_idx',
    sql`create index messages_search_idx on messages using gin (search_vector)`,
  );
  await timed('messages_created_idx', sql`create index messages_created_idx on messages (created_at, id)`);
  // The statement the trial's migration had.
  if (pairs)
    await timed(
      'messages_pairs_idx',
      sql`create index messages_pairs_idx on messages using gin (stoop_word_pairs(search_vector))`,
    );
  await database.db.execute(sql`analyze`);
}

/** The share of messages whose text matches `text` (quotes make a phrase), to print beside the figures. */
async function share(database: Database, text: string): Promise<string> {
  const result = await database.db.execute(
    text.endsWith(':*')
      ? sql`select count(*) as n from messages where search_vector @@ to_tsquery('simple', ${text})`
      : sql`select count(*) as n from messages where search_vector @@ websearch_to_tsquery('simple', ${text})`,
  );
  const n = Number(rowsOf<{ n: string }>(result)[0]?.n ?? 0);
  return `${((100 * n) / MESSAGES).toFixed(3)} %`;
}

/** The residents the bench makes (chat-support.ts names them so), mentioned in 2 % of messages. */
const MENTION_NAMES = Array.from({ length: RESIDENTS }, (_, i) => `Resident ${i}`);

/** [name, query, the query's text part (for its share)]. */
const SHAPES: [string, string, string][] = [
  ['one common word', 'know', 'know'],
  ['one rare word', 'mailboxes', 'mailboxes'],
  ['two common words', 'know what', 'know what'],
  ['two words rarely together', 'lobby birthday', 'lobby birthday'],
  ['three words', 'know what water', 'know what water'],
  ['phrase of two common words', '"know what"', '"know what"'],
  ['phrase, common', '"let me know"', '"let me know"'],
  ['phrase of three words', '"the lift is"', '"the lift is"'],
  ['phrase + modifier in:#channel', 'in:#bench-3 "know what"', '"know what"'],
  ['prefix (4 letters)', 'wate', 'wate:*'],
  ['modifier in:#channel + common word', 'in:#bench-3 know', 'know'],
  ['modifier from:@user + common word', 'from:@"Resident 3" know', 'know'],
  ['no match', 'zzqxv', 'zzqxv'],
  ['most common word', 'you', 'you'],
];

async function prepare(kind: string, url: string): Promise<{ layout: Layout }> {
  const admin = await adminSession(url);
  const residents = await makeResidents(url, admin, RESIDENTS);
  const channels: string[] = [];
  for (let i = 0; i < CHANNELS; i += 1) {
    const { conversation } = await admin.request<{ conversation: { id: string } }>(
      'POST',
      '/api/conversations',
      {
        type: 'channel',
        name: `bench-${i}`,
      },
    );
    channels.push(conversation.id);
  }
  // A hidden channel and a direct conversation of two others: the reader may see neither.
  await admin.request('PATCH', `/api/conversations/${channels[CHANNELS - 1]}/admin-hide-channel`);
  const [, one, two] = residents;
  if (!one || !two) throw new Error('too few residents');
  const { conversation: direct } = await one.request<{ conversation: { id: string } }>(
    'POST',
    '/api/conversations',
    {
      type: 'direct',
      participantIds: [two.userId],
    },
  );
  console.log(`${kind}: ${CHANNELS} channels (one hidden), a direct conversation, ${RESIDENTS + 1} authors`);
  return {
    layout: {
      conversations: [...channels, direct.id],
      authors: [admin.userId, ...residents.map((r) => r.userId)],
    },
  };
}

/**
 * BENCH_REUSE_PG (a URL kept by BENCH_KEEP_DATABASE=1) or BENCH_REUSE_PGLITE (a data directory kept
 * by BENCH_KEEP_DATA_DIR=1): search a database loaded by an earlier run instead of loading one, so
 * that two versions of the server can be measured on the same rows one after the other.
 */
const REUSE_PG = process.env.BENCH_REUSE_PG;
const REUSE_PGLITE = process.env.BENCH_REUSE_PGLITE;

async function benchDatabase(kind: string): Promise<void> {
  const reuse = kind === 'pg' ? REUSE_PG : REUSE_PGLITE;
  const scratch = kind === 'pg' && !reuse ? await scratchDatabase() : undefined;
  const pgUrl = kind === 'pg' ? (reuse ?? scratch?.url) : undefined;
  const dataDir = kind === 'pglite' && reuse ? reuse : mkdtempSync(path.join(tmpdir(), 'stoop-search-'));
  const env = { ...BENCH_LIMITS, ...(pgUrl ? { DATABASE_URL: pgUrl } : {}) };
  try {
    let stoop = await startStoop({ env, dataDir });
    const layout = reuse ? undefined : (await prepare(kind, stoop.url)).layout;
    await stoop.stop();
    const database = pgUrl ? await openPg(pgUrl) : await openPglite(path.join(dataDir, 'db'));
    if (!layout) console.log(`${kind}: searching the messages loaded before (${reuse})`);
    else {
      const started = performance.now();
      await withoutSearchIndexes(kind, database, () => bulkInsert(database, layout));
      console.log(
        `${kind}: loaded ${MESSAGES.toLocaleString('en-US')} messages and built the indexes in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    }
    const shares = new Map<string, string>();
    for (const [, , text] of SHAPES) shares.set(text, await share(database, text));
    await database.close();

    stoop = await startStoop({ env, dataDir });
    // The same resident, signed in to the restarted server (it may listen on another port).
    const reader = new BenchSession(stoop.url);
    await reader.login('resident0@bench.test', 'bench-password-123');
    const searchOnce = async (q: string) => {
      const t0 = performance.now();
      const result = await getJson<{ total: number; totalIsLowerBound: boolean }>(
        `${stoop.url}/api/messages/search?q=${encodeURIComponent(q)}`,
        reader.cookieHeader(),
      );
      return { ms: performance.now() - t0, result };
    };
    // Warm-up: a just-started server runs unoptimised code; every shape goes round for a while first.
    const until = performance.now() + WARMUP_SECONDS * 1000;
    while (performance.now() < until) for (const [, q] of SHAPES) await searchOnce(q);
    for (const [name, q, text] of SHAPES) {
      const times: number[] = [];
      let last = { total: 0, totalIsLowerBound: false };
      for (let i = 0; i < SAMPLES; i += 1) {
        const { ms, result } = await searchOnce(q);
        times.push(ms);
        last = result;
      }
      times.sort((a, b) => a - b);
      const total = `${last.total.toLocaleString('en-US')}${last.totalIsLowerBound ? '+' : ''}`;
      console.log(
        `${kind.padEnd(6)} ${name.padEnd(34)} ${JSON.stringify(q).padEnd(28)} in ${shares.get(text)?.padStart(8)}, total ${total.padStart(5)}: ` +
          `p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms (${SAMPLES} calls)`,
      );
    }
    console.log(`${kind.padEnd(6)} server RSS ${rssMb(stoop.pid)} MB, load ${loadavg()[0]?.toFixed(2)}`);
    await stoop.stop();
  } finally {
    if (kind === 'pglite' && (process.env.BENCH_KEEP_DATA_DIR === '1' || reuse))
      console.log(`kept ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
    // BENCH_KEEP_DATABASE=1 keeps the loaded PostgreSQL database, to look at plans afterwards.
    if (process.env.BENCH_KEEP_DATABASE === '1' && scratch) console.log(`kept ${scratch.url}`);
    else await scratch?.drop();
  }
}

console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, load ${loadavg()[0]?.toFixed(2)}`,
);
for (const kind of DATABASES) await benchDatabase(kind);
