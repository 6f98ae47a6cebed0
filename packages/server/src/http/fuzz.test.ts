/**
 * Bad input to every call of the shared route table (R-API-0; fast-check): random path
 * parameters, queries and bodies as anonymous, resident and admin. No answer may be a 5xx, and a
 * call that fails (4xx) must leave the database as it was (R-OPS-9).
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_NAMES, fillPath, tableRoute, type CallName } from '@stoop/shared';
import { makeChannel, sendText } from '../conversations/testing.ts';
import { tableChecksums, writeMark } from '../test/checksum.ts';
import {
  createTestApp,
  csrfHeaders,
  makeAdmin,
  makeUser,
  sessionFor,
  type AuthHeaders,
  type TestApp,
} from '../test/helpers.ts';

/** Calls left out: they end or switch the caller's own session, so later cases would all be 401. */
const SESSION_CALLS = new Set<CallName>(['logout', 'setUser']);
const CALLS = CALL_NAMES.filter((name) => !SESSION_CALLS.has(name));
/** Cases per run across all calls (R-OPS-9 asks for at least 5,000). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 5200);

type Caller = 'anonymous' | 'resident' | 'admin';
let t: TestApp;
let as: Record<Caller, AuthHeaders>;
/** Real ids, so some cases reach the rules behind the lookups, not only the 404s. */
let realIds: string[] = [];

/** Building an app on a fresh database can take over a minute on a loaded machine. */
const SETUP_TIMEOUT_MS = 300_000;

beforeAll(async () => {
  t = await createTestApp();
  const resident = await makeUser(t.app);
  const admin = await makeAdmin(t.app);
  as = {
    anonymous: csrfHeaders(t.app),
    resident: await sessionFor(t.app, resident),
    admin: await sessionFor(t.app, admin),
  };
  const channel = await makeChannel(t.app, as.admin);
  const message = await sendText(t.app, as.admin, channel.id, 'hello');
  realIds = [resident.id, channel.id, message.id];
  // The property is about what a request does. The push queue, the feed poller and the reminder
  // scheduler write on their own clock and would be blamed on whichever call ran at that moment.
  await Promise.all([t.app.pushDispatcher.stop(), t.app.feedPoller.stop(), t.app.eventReminders.stop()]);
}, SETUP_TIMEOUT_MS);

/**
 * What a successful call sets off after its commit (notifications, queued pushes) lands a moment
 * later: wait until the database has been still for a beat, so it is not put on the next call.
 */
async function settled(): Promise<void> {
  let mark = await writeMark(t.db);
  for (let i = 0; i < 40; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    const next = await writeMark(t.db);
    if (next === mark) return;
    mark = next;
  }
}
afterAll(() => t.close());

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '-1', '0', '1e309', 'null', 'true', '[]', '{}', '%', '../x', 'a'.repeat(300)),
);
const json: fc.Arbitrary<unknown> = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(text, text, { maxKeys: 3 }),
);
const idLike = () =>
  fc.oneof(
    fc.constantFrom(
      ...realIds,
      '0190c0c0-0000-7000-8000-00000000dead',
      '00000000-0000-0000-0000-000000000000',
    ),
    fc.uuid(),
    fc.stringMatching(/^[A-Za-z0-9._~-]{1,60}$/),
  );

/** The keys a schema expects, so generated bodies and queries hit real fields with wrong values. */
function keysOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

function fieldsFor<T>(keys: string[], value: fc.Arbitrary<T>): fc.Arbitrary<Record<string, T>> {
  const known = keys.length > 0 ? fc.constantFrom(...keys) : text;
  return fc.dictionary(fc.oneof(known, text), value, { maxKeys: 5 });
}

const requestFor = (name: CallName) => {
  const route = tableRoute(name);
  const paramNames = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '');
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return fc
    .record({
      caller: fc.constantFrom<Caller>('anonymous', 'resident', 'admin'),
      params: fc.tuple(...paramNames.map(() => idLike())),
      query: fc.option(fieldsFor(keysOf(route.query), text), { nil: undefined }),
      body: hasBody
        ? fc.oneof(fieldsFor(keysOf(route.body ?? route.multipart?.fields), json), json)
        : fc.constant(undefined),
    })
    .map(({ caller, params, query, body }): { caller: Caller; options: InjectOptions } => {
      const filled = Object.fromEntries(paramNames.map((param, index) => [param, params[index] ?? '']));
      const options: InjectOptions = {
        method: route.method,
        url: fillPath(route.path, filled),
        headers: { ...as[caller] },
      };
      if (query) options.query = { ...query };
      if (body !== undefined) options.payload = JSON.stringify(body);
      if (body !== undefined) options.headers = { ...options.headers, 'content-type': 'application/json' };
      return { caller, options };
    });
};

describe('bad input to every call (R-OPS-9)', () => {
  it(`answers ${RUNS} generated requests without a 5xx, and failed calls change nothing`, async () => {
    let mark = await writeMark(t.db);
    let sums = await tableChecksums(t.db);
    const serverErrors: string[] = [];
    const changedByFailures: string[] = [];
    const arbitrary = fc
      .constantFrom(...CALLS)
      .chain((name) => requestFor(name).map((req) => ({ name, ...req })));
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ name, caller, options }) => {
        const res = await t.app.inject(options);
        if (res.statusCode >= 500)
          serverErrors.push(`${name} as ${caller}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (res.statusCode < 400) await settled();
        const nextMark = await writeMark(t.db);
        if (nextMark === mark) return;
        mark = nextMark;
        const nextSums = await tableChecksums(t.db);
        if (res.statusCode >= 400) {
          const changed = Object.keys(nextSums).filter((table) => nextSums[table] !== sums[table]);
          if (changed.length > 0)
            changedByFailures.push(`${name} as ${caller} (${res.statusCode}) changed ${changed.join(', ')}`);
        }
        sums = nextSums;
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31), endOnFailure: true },
    );
    expect([...new Set(serverErrors)]).toEqual([]);
    expect([...new Set(changedByFailures)]).toEqual([]);
  }, 240_000);
});
