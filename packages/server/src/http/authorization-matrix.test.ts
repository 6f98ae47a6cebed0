/**
 * The authorization matrix, generated from the shared route table (R-ROLE-5, R-ACCESS-3,
 * R-ACCESS-4): every admin call answers anonymous 401, locked 403 ACCOUNT_LOCKED, resident 403
 * FORBIDDEN and lets an admin through (the admin's request may still be invalid: 400/404 are fine,
 * 401/403 are not). Every signed-in call answers anonymous 401 and, unless it allows locked
 * accounts, locked 403. A new call joins the matrix by being in the table; a served admin route
 * that the table does not mark admin fails it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { CALL_NAMES, ERROR_CODES, fillPath, tableRoute, type CallName } from '@stoop/shared';
import {
  createTestApp,
  csrfHeaders,
  makeAdmin,
  makeUser,
  sessionFor,
  type AuthHeaders,
  type TestApp,
} from '../test/helpers.ts';

type Served = { method: string; url: string };
const served: Served[] = [];
let t: TestApp;
type Caller = 'anonymous' | 'locked' | 'lockedAdmin' | 'resident' | 'admin';
let as: Record<Caller, AuthHeaders>;
let lockedUser: Awaited<ReturnType<typeof makeUser>>;
let lockedAdmin: Awaited<ReturnType<typeof makeAdmin>>;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) served.push({ method, url: route.url ?? route.path });
      },
    },
  );
  lockedUser = await makeUser(t.app, { locked: true });
  lockedAdmin = await makeAdmin(t.app, { reason: 'admin_lock' });
  as = {
    anonymous: csrfHeaders(t.app),
    locked: await sessionFor(t.app, lockedUser),
    lockedAdmin: await sessionFor(t.app, lockedAdmin),
    resident: await sessionFor(t.app, await makeUser(t.app)),
    admin: await sessionFor(t.app, await makeAdmin(t.app)),
  };
});
afterAll(async () => t.close());

/** An id no row has: the admin's request reaches the handler and ends in a 404 at worst. */
const FAKE_ID = '0190c0c0-0000-7000-8000-00000000dead';

/** A request of the right shape for `name`: every path parameter filled, an empty JSON body. */
function requestFor(name: CallName, headers: AuthHeaders): InjectOptions {
  const route = tableRoute(name);
  const params: Record<string, string> = {};
  for (const match of route.path.matchAll(/:([A-Za-z]+)/g)) params[match[1] ?? ''] = FAKE_ID;
  const options: InjectOptions = {
    method: route.method,
    url: fillPath(route.path, params),
    headers: { ...headers },
  };
  if (route.method !== 'GET' && route.method !== 'DELETE' && route.encoding !== 'none') options.payload = {};
  return options;
}

const callAs = (name: CallName, who: Caller) => t.app.inject(requestFor(name, as[who]));

const ADMIN_CALLS = CALL_NAMES.filter((name) => tableRoute(name).access === 'admin');
const SIGNED_IN_CALLS = CALL_NAMES.filter((name) => tableRoute(name).access !== 'public');

describe('the route table declares an access rule for every call', () => {
  it('every call has access public, user or admin', () => {
    const undeclared = CALL_NAMES.filter(
      (name) => !['public', 'user', 'admin'].includes((tableRoute(name) as { access?: string }).access ?? ''),
    );
    expect(undeclared).toEqual([]);
  });

  it('every call under /api/admin, and every call tagged admin, is an admin call', () => {
    const loose = CALL_NAMES.filter((name) => {
      const route = tableRoute(name);
      return (route.path.startsWith('/api/admin/') || route.tag === 'admin') && route.access !== 'admin';
    });
    expect(loose).toEqual([]);
  });

  it('every served /api/admin route is a table call with access admin', () => {
    const adminCalls = new Set(
      ADMIN_CALLS.map((name) => `${tableRoute(name).method} ${tableRoute(name).path}`),
    );
    const servedAdmin = served.filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api/admin'));
    expect(servedAdmin.length).toBeGreaterThan(0);
    expect(servedAdmin.map((r) => `${r.method} ${r.url}`).filter((key) => !adminCalls.has(key))).toEqual([]);
  });
});

describe('R-ROLE-5 admin calls: anonymous 401, locked 403, resident 403, admin through', () => {
  it('there are admin calls to check', () => {
    expect(ADMIN_CALLS).toEqual(expect.arrayContaining(['approveUser', 'bulkApproveUsers', 'getAuditLog']));
  });

  it.each(ADMIN_CALLS)('%s', async (name) => {
    const anonymous = await callAs(name, 'anonymous');
    expect(anonymous.statusCode, `anonymous: ${anonymous.body}`).toBe(401);
    expect(anonymous.json<{ code: string }>().code).toBe(ERROR_CODES.unauthenticated);

    // Sessions of their own: a signed-in call the locked resident may make (sign-out everywhere,
    // in the other describe, in any order) ends every session of that account.
    for (const [who, user] of [
      ['locked', lockedUser],
      ['lockedAdmin', lockedAdmin],
    ] as const) {
      const locked = await t.app.inject(requestFor(name, await sessionFor(t.app, user)));
      expect(locked.statusCode, `${who}: ${locked.body}`).toBe(403);
      expect(locked.json<{ code: string }>().code).toBe(ERROR_CODES.accountLocked);
    }

    const resident = await callAs(name, 'resident');
    expect(resident.statusCode, `resident: ${resident.body}`).toBe(403);
    expect(resident.json<{ code: string }>().code).toBe(ERROR_CODES.forbidden);

    const admin = await callAs(name, 'admin');
    expect([401, 403], `admin: ${admin.statusCode} ${admin.body}`).not.toContain(admin.statusCode);
    expect(admin.statusCode, `admin: ${admin.body}`).toBeLessThan(500);
  });
});

describe('R-ACCESS-3, R-ACCESS-4 signed-in calls: anonymous 401, locked 403 unless allowed', () => {
  it.each(SIGNED_IN_CALLS)('%s', async (name) => {
    const anonymous = await callAs(name, 'anonymous');
    expect(anonymous.statusCode, `anonymous: ${anonymous.body}`).toBe(401);
    // A session of its own for each call: a call the locked resident may make can end their
    // sessions (sign-out everywhere), and the next call must still meet a locked account.
    const locked = await t.app.inject(requestFor(name, await sessionFor(t.app, lockedUser)));
    if (tableRoute(name).allowLocked) {
      expect(locked.statusCode, `locked: ${locked.body}`).not.toBe(401);
    } else {
      expect(locked.statusCode, `locked: ${locked.body}`).toBe(403);
      expect(locked.json<{ code: string }>().code).toBe(ERROR_CODES.accountLocked);
    }
  });
});
