/**
 * `npm run bench:search`: p50/p95 of GET /api/messages/search (R-SEARCH-7) with 1,000,000 messages,
 * on PostgreSQL and on PGlite, through the real server process, searched by a resident (so the
 * access rule is applied as for anyone, not an admin's shortcut).
 *
 * The text has a Zipf-like vocabulary: 5,000 made-up words, word of rank k drawn with probability
 * about 1/k, 6–13 words a message. The word of rank 21 is in about 5 % of messages (the "common
 * word"), rank 4,000 in a few hundred. Messages are spread over 10 channels (one hidden by an admin)
 * and one direct conversation the searcher is not in, by 11 authors, one a minute; 1 % carry a link.
 * Loaded with generate_series, not through the API, with the search indexes built after the load.
 *
 * Env: BENCH_DB=pg|pglite|both (both), BENCH_MESSAGES=1000000, BENCH_SAMPLES=100 (per query shape),
 * BENCH_WARMUP_SECONDS=3.
 */
import path from 'node:path';
import { cpus, loadavg, totalmem } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { startStoop } from '../e2e/support/server.ts';
import { openPg, openPglite, type Database } from '../packages/server/src/db/client.ts';
import { rowsOf } from '../packages/server/src/db/rows.ts';
import { getJson } from './support/http.ts';
import { percentile, rssMb } from './support/stats.ts';
import { BENCH_LIMITS, BenchSession, adminSession, makeResidents, scratchDatabase } from './chat-support.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const DATABASES =
  (process.env.BENCH_DB ?? 'both') === 'both' ? ['pg', 'pglite'] : [process.env.BENCH_DB ?? 'pg'];
const BASE = Date.parse('2024-01-01T00:00:00Z');
const BATCH = 100_000;
const VOCABULARY = 5000;
const CHANNELS = 10;
const RESIDENTS = 10;

/** The made-up word of rank k: three syllables from k's base-20 digits, so every rank is one word. */
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'ta',
  'vo',
  'si',
  'de',
  'pa',
  'go',
  'bu',
  'fe',
  'hi',
  'jo',
  'ze',
  'wu',
  'ly',
  'co',
  'xa',
];
const word = (k: number) =>
  `${SYLLABLES[k % 20]}${SYLLABLES[Math.floor(k / 20) % 20]}${SYLLABLES[Math.floor(k / 400) % 20]}`;
const sqlWord = (r: string) =>
  `(syl[1 + ${r} % 20] || syl[1 + (${r} / 20) % 20] || syl[1 + (${r} / 400) % 20])`;

type Layout = { conversations: string[]; authors: string[] };

/**
 * Inserts the messages: message g goes to conversation g mod n, by author g mod m, at BASE + g
 * minutes, with UUIDv7 ids built from that time (as the app's own ids).
 */
async function bulkInsert(database: Database, layout: Layout): Promise<void> {
  const syl = `'{${SYLLABLES.join(',')}}'::text[]`;
  const conversations = `'{${layout.conversations.join(',')}}'::uuid[]`;
  const authors = `'{${layout.authors.join(',')}}'::uuid[]`;
  for (let from = 1; from <= MESSAGES; from += BATCH) {
    const to = Math.min(MESSAGES, from + BATCH - 1);
    await database.db.execute(
      sql.raw(`
      insert into messages (id, conversation_id, user_id, content, created_at, updated_at, seq, created_seq)
      select
        (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-7' || substr(r, 1, 3) || '-8' || substr(r, 4, 3) || '-' || substr(r, 7, 12))::uuid,
        (${conversations})[1 + g % ${layout.conversations.length}], (${authors})[1 + g % ${layout.authors.length}],
        text || case when g % 100 = 0 then ' https://example.com/notes/' || g else '' end,
        ts, ts, s, s
      from (
        select g, ts, nextval('message_change_seq') as s,
          lpad(to_hex((extract(epoch from ts) * 1000)::bigint), 12, '0') as h, md5(g::text) as r,
          (select string_agg(${sqlWord('k')}, ' ')
            from (select floor(exp(random() * ln(${VOCABULARY})))::int + 0 * g as k
              from generate_series(1, 6 + g % 8)) words, (select ${syl} as syl) s) as text
        from (select g, to_timestamp(${BASE / 1000} + g * 60) as ts from generate_series(${from}, ${to}) g) x
      ) y`),
    );
    process.stdout.write(`  inserted ${to.toLocaleString('en-US')}\r`);
  }
  process.stdout.write('\n');
}

/** The search indexes are built once after the load: maintaining a GIN index row by row is slow. */
async function withoutSearchIndexes(database: Database, load: () => Promise<void>): Promise<void> {
  await database.db.execute(sql`drop index messages_search_idx`);
  await database.db.execute(sql`drop index messages_created_idx`);
  await load();
  await database.db.execute(sql`set maintenance_work_mem = '256MB'`);
  await database.db.execute(sql`create index messages_search_idx on messages using gin (search_vector)`);
  await database.db.execute(sql`create index messages_created_idx on messages (created_at, id)`);
  await database.db.execute(sql`analyze`);
}

/** The share of messages containing a word, to print beside the figures. */
async function share(database: Database, w: string): Promise<string> {
  const result = await database.db.execute(
    sql`select count(*) as n from messages where search_vector @@ to_tsquery('simple', ${w})`,
  );
  const n = Number(rowsOf<{ n: string }>(result)[0]?.n ?? 0);
  return `${((100 * n) / MESSAGES).toFixed(2)} % of messages`;
}

const COMMON = word(21);
const SHAPES: [string, string][] = [
  ['one common word', COMMON],
  ['one rare word', word(4000)],
  ['two common words', `${COMMON} ${word(30)}`],
  ['three words', `${COMMON} ${word(50)} ${word(200)}`],
  ['prefix (4 letters)', COMMON.slice(0, 4)],
  ['modifier in:#channel + common word', `in:#bench-3 ${COMMON}`],
  ['modifier from:@user + common word', `from:@"Resident 3" ${COMMON}`],
  ['no match', 'zzqxv'],
  ['most common word (rank 1)', word(1)],
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

async function benchDatabase(kind: string): Promise<void> {
  const scratch = kind === 'pg' ? await scratchDatabase() : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stoop-search-'));
  const env = { ...BENCH_LIMITS, ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
  try {
    let stoop = await startStoop({ env, dataDir });
    const { layout } = await prepare(kind, stoop.url);
    await stoop.stop();

    const started = performance.now();
    const database = scratch ? await openPg(scratch.url) : await openPglite(path.join(dataDir, 'db'));
    await withoutSearchIndexes(database, () => bulkInsert(database, layout));
    console.log(
      `${kind}: loaded ${MESSAGES.toLocaleString('en-US')} messages and built the indexes in ${((performance.now() - started) / 1000).toFixed(0)} s; ` +
        `"${COMMON}" is in ${await share(database, COMMON)}, "${word(4000)}" in ${await share(database, word(4000))}`,
    );
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
    for (const [name, q] of SHAPES) {
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
        `${kind.padEnd(6)} ${name.padEnd(36)} ${JSON.stringify(q).padEnd(28)} total ${total.padStart(7)}: ` +
          `p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms (${SAMPLES} calls)`,
      );
    }
    console.log(`${kind.padEnd(6)} server RSS ${rssMb(stoop.pid)} MB, load ${loadavg()[0]?.toFixed(2)}`);
    await stoop.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, load ${loadavg()[0]?.toFixed(2)}`,
);
for (const kind of DATABASES) await benchDatabase(kind);
