/**
 * Bad input to every call of the shared route table (R-API-0; fast-check): random path
 * parameters, queries and bodies as anonymous, resident and admin. No answer may be a 5xx, and a
 * call that fails (4xx) must leave the database as it was (R-OPS-9). Date fields get dates far in
 * the future and past (R-API-41), URL fields IPv6 literals (R-INTEG-9), and form calls multipart
 * bodies with parts lacking a name and files of any name and type (R-API-42); no
 * refusal may echo an internal error's text.
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

/** R-API-42: what a refusal must never echo: the text of a programming error inside the server. */
const INTERNAL_TEXT = /TypeError|ReferenceError|Cannot read propert|is not a function|\(reading '/;

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

/**
 * R-API-41: dates at and beyond the edges every date field must refuse with a 400 (year 9999 and
 * year 1 overflow PostgreSQL's arithmetic on timestamps), and the ones just inside them.
 */
const EDGE_DATES = [
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59.999+14:00',
  '0001-01-01T00:00:00Z',
  '0001-01-01T00:00:00-14:00',
  '0000-01-01T00:00:00Z',
  '1969-12-31T23:59:59Z',
  '1970-01-01T00:00:00Z',
  '2999-12-31T23:59:59Z',
  '3000-01-01T00:00:00Z',
];
const extremeDate = fc.oneof(
  fc.constantFrom(...EDGE_DATES),
  fc
    .tuple(
      fc.oneof(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 2900, max: 9999 })),
      fc.integer({ min: 1, max: 12 }),
    )
    .map(
      ([year, month]) => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-28T12:00:00Z`,
    ),
);
/** R-INTEG-9: every IPv6 form of loopback, private, link-local and metadata addresses, and broken ones. */
const ipv6Url = fc
  .tuple(
    fc.constantFrom(
      '[::1]',
      '[::127.0.0.1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:0:7f00:1]',
      '[0:0:0:0:0:ffff:7f00:1]',
      '[::ffff:169.254.169.254]',
      '[fd00:ec2::254]',
      '[fe80::1%25eth0]',
      '[fc00::1]',
      '[64:ff9b::7f00:1]',
      '[::]',
      '[2001:db8::1]',
      '[::1',
      '[zz::1]',
    ),
    fc.constantFrom('', ':80', ':0', ':65536'),
    fc.constantFrom('/', '/feed.ics', '/latest/meta-data/'),
  )
  .map(([host, port, path]) => `http://${host}${port}${path}`);

const isDateField = (key: string) => /^(from|to)$|(At|Date)$/.test(key);
const isUrlField = (key: string) => /url$/i.test(key);

/** A value for a known field: its own kind of trouble for date and URL fields, anything otherwise. */
function valueFor<T>(key: string, anything: fc.Arbitrary<T>): fc.Arbitrary<T | string> {
  if (isDateField(key)) return fc.oneof(extremeDate, extremeDate, anything);
  if (isUrlField(key)) return fc.oneof(ipv6Url, ipv6Url, anything);
  return anything;
}

/** Some of the schema's own fields (with values fit to trip them) beside a few unknown ones. */
function fieldsFor<T>(keys: string[], value: fc.Arbitrary<T>): fc.Arbitrary<Record<string, T | string>> {
  const known = fc
    .subarray(keys, { maxLength: Math.min(5, keys.length) })
    .chain((chosen) =>
      fc
        .tuple(...chosen.map((key) => valueFor(key, value)))
        .map((values) => Object.fromEntries(chosen.map((key, index) => [key, values[index] as T | string]))),
    );
  return fc
    .tuple(known, fc.dictionary(text, value, { maxKeys: 2 }))
    .map(([ofSchema, unknown]) => ({ ...unknown, ...ofSchema }));
}

/** R-API-42: file names and content types of every shape a client can put in a part. */
const fileName = fc.oneof(
  fc.constantFrom(
    '',
    'photo.jpg',
    '../../etc/passwd',
    '..\\..\\boot.ini',
    'a'.repeat(400),
    'x.png\u0000.exe',
    '"quoted".png',
    'semi;colon.png',
    '.htaccess',
    'CON',
    'r\u00e9sum\u00e9 \u{1f3e0}.pdf',
  ),
  fc.string({ maxLength: 30 }),
);
const contentType = fc.oneof(
  fc.constantFrom(
    '',
    'image/png',
    'image/jpeg',
    'image/svg+xml',
    'text/html',
    'application/octet-stream',
    'multipart/mixed; boundary=x',
    'image/png; charset=utf-8; name="x"',
    'x',
    '/',
    'image/',
  ),
  fc.string({ maxLength: 30 }).filter((value) => !/[\r\n]/.test(value)),
);
/** One part of a form: often without a name, sometimes a file with any name and type. */
const part = (names: string[]) =>
  fc.record({
    name: fc.option(fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 10 })), { nil: undefined }),
    file: fc.option(fc.record({ fileName, contentType }), { nil: undefined }),
    value: text,
  });

/** A multipart body written by hand, so parts can lack what a form library would always add. */
type Part = {
  name?: string | undefined;
  file?: { fileName: string; contentType: string } | undefined;
  value: string;
};
function multipartBody(parts: Part[]) {
  const boundary = '----stoop-fuzz-boundary';
  const chunks = parts.map(({ name, file, value }) => {
    const disposition = ['form-data'];
    if (name !== undefined) disposition.push(`name="${name.replace(/["\r\n]/g, '')}"`);
    if (file) disposition.push(`filename="${file.fileName.replace(/["\r\n]/g, '')}"`);
    const type = file ? `\r\nContent-Type: ${file.contentType}` : '';
    return `--${boundary}\r\nContent-Disposition: ${disposition.join('; ')}${type}\r\n\r\n${value}\r\n`;
  });
  return {
    payload: Buffer.from(`${chunks.join('')}--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

type Body = { json: unknown } | { multipart: ReturnType<typeof multipartBody> };

function bodyFor(name: CallName): fc.Arbitrary<Body | undefined> {
  const route = tableRoute(name);
  if (route.method === 'GET' || route.method === 'DELETE') return fc.constant(undefined);
  const asJson = fc
    .oneof(fieldsFor(keysOf(route.body ?? route.multipart?.fields), json), json)
    .map((value) => ({ json: value }));
  if (!route.multipart) return asJson;
  const names = [...keysOf(route.multipart.fields), route.multipart.file ?? 'file'];
  const asForm = fc
    .array(part(names), { minLength: 1, maxLength: 4 })
    .map((parts) => ({ multipart: multipartBody(parts) }));
  return fc.oneof(asJson, asForm);
}

const requestFor = (name: CallName) => {
  const route = tableRoute(name);
  const paramNames = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '');
  return fc
    .record({
      caller: fc.constantFrom<Caller>('anonymous', 'resident', 'admin'),
      params: fc.tuple(...paramNames.map(() => idLike())),
      query: fc.option(fieldsFor(keysOf(route.query), text), { nil: undefined }),
      body: bodyFor(name),
    })
    .map(({ caller, params, query, body }): { caller: Caller; options: InjectOptions } => {
      const filled = Object.fromEntries(paramNames.map((param, index) => [param, params[index] ?? '']));
      const options: InjectOptions = {
        method: route.method,
        url: fillPath(route.path, filled),
        headers: { ...as[caller] },
      };
      if (query) options.query = { ...query };
      if (body && 'json' in body && body.json !== undefined) {
        options.payload = JSON.stringify(body.json);
        options.headers = { ...options.headers, 'content-type': 'application/json' };
      } else if (body && 'multipart' in body) {
        options.payload = body.multipart.payload;
        options.headers = { ...options.headers, 'content-type': body.multipart.contentType };
      }
      return { caller, options };
    });
};

describe('bad input to every call (R-OPS-9)', () => {
  it(`answers ${RUNS} generated requests without a 5xx, and failed calls change nothing`, async () => {
    let mark = await writeMark(t.db);
    let sums = await tableChecksums(t.db);
    const serverErrors: string[] = [];
    const changedByFailures: string[] = [];
    const internalTexts: string[] = [];
    const arbitrary = fc
      .constantFrom(...CALLS)
      .chain((name) => requestFor(name).map((req) => ({ name, ...req })));
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ name, caller, options }) => {
        const res = await t.app.inject(options);
        if (res.statusCode >= 500)
          serverErrors.push(`${name} as ${caller}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (res.statusCode >= 400 && INTERNAL_TEXT.test(res.body))
          internalTexts.push(`${name} as ${caller}: ${res.statusCode} ${res.body.slice(0, 200)}`);
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
    expect({
      serverErrors: [...new Set(serverErrors)],
      changedByFailures: [...new Set(changedByFailures)],
      internalTexts: [...new Set(internalTexts)],
    }).toEqual({ serverErrors: [], changedByFailures: [], internalTexts: [] });
  }, 240_000);

  /**
   * The edges the random run may miss, each tried on every call that has the field: every date
   * field alone at each extreme, every URL field at each IPv6 form, every form call with nameless
   * parts. None may answer a 5xx or echo an internal error.
   */
  it('answers every date edge, IPv6 literal and nameless part without a 5xx or an internal text', async () => {
    const found: string[] = [];
    const check = async (label: string, options: InjectOptions) => {
      const res = await t.app.inject(options);
      if (res.statusCode >= 500 || (res.statusCode >= 400 && INTERNAL_TEXT.test(res.body)))
        found.push(`${label}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    };
    const dates = [...EDGE_DATES, ...fc.sample(extremeDate, { numRuns: 6, seed: 1 })];
    const urls = fc.sample(ipv6Url, { numRuns: 12, seed: 1 });
    for (const name of CALLS) {
      const route = tableRoute(name);
      const url = fillPath(
        route.path,
        Object.fromEntries(
          [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => [match[1] ?? '', realIds[1] ?? '']),
        ),
      );
      for (const caller of ['resident', 'admin'] as const) {
        const headers = { ...as[caller] };
        for (const key of keysOf(route.query)) {
          const values = isDateField(key) ? dates : isUrlField(key) ? urls : [];
          for (const value of values)
            await check(`${name} ?${key}=${value} as ${caller}`, {
              method: route.method,
              url,
              headers,
              query: { [key]: value },
            });
        }
        if (route.method === 'GET' || route.method === 'DELETE') continue;
        for (const key of keysOf(route.body ?? route.multipart?.fields)) {
          const values = isDateField(key) ? dates : isUrlField(key) ? urls : [];
          for (const value of values)
            await check(`${name} {${key}: ${value}} as ${caller}`, {
              method: route.method,
              url,
              headers: { ...headers, 'content-type': 'application/json' },
              payload: JSON.stringify({ [key]: value }),
            });
        }
        if (!route.multipart) continue;
        for (const parts of [
          [{ value: 'x' }],
          [{ value: 'x', file: { fileName: 'a.png', contentType: 'image/png' } }],
          [{ name: keysOf(route.multipart.fields)[0] ?? 'x', value: 'x' }, { value: '' }],
        ]) {
          const body = multipartBody(parts);
          await check(`${name} multipart ${JSON.stringify(parts)} as ${caller}`, {
            method: route.method,
            url,
            headers: { ...headers, 'content-type': body.contentType },
            payload: body.payload,
          });
        }
      }
    }
    expect(found).toEqual([]);
  }, 240_000);
});
