import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEXTS, type Invite, type InviteLookup, type User } from '@stoop/shared';
import { invites } from '../db/schema/index.ts';
import { createCommunity, EVERY_ROLE, type Community } from '../test/community.ts';
import { csrfHeaders } from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';

let c: Community<typeof EVERY_ROLE>;

beforeAll(async () => {
  c = await createCommunity(EVERY_ROLE);
});
afterAll(async () => c.close());

const admin = () => c.people.admin.headers;
let signups = 0;

async function createInvite(body: Record<string, unknown> = {}): Promise<Invite> {
  const res = await call(c.app, 'POST', '/api/admin/invites', body, admin());
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Invite>();
}

async function signupWith(code: string | undefined) {
  signups += 1;
  return call(
    c.app,
    'POST',
    '/api/signup',
    {
      email: `newcomer${signups}@example.com`,
      password: 'a long enough password 1',
      username: `Newcomer ${signups}`,
      acceptTerms: true,
      ...(code ? { inviteCode: code } : {}),
    },
    csrfHeaders(c.app),
  );
}

describe('R-MOVEIN-8: invitation links', () => {
  it('R-MOVEIN-8: anonymous 401, locked 403, residents 403 on the admin calls', async () => {
    const anonymous = csrfHeaders(c.app);
    const id = '0190a0a0-0000-7000-8000-000000000000';
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', '/api/admin/invites'],
      ['POST', '/api/admin/invites', {}],
      ['DELETE', `/api/admin/invites/${id}`],
      ['PUT', '/api/admin/building-name', { name: 'Maple Court' }],
    ];
    for (const [method, url, body] of calls) {
      expectError(await call(c.app, method, url, body, anonymous), 401);
      expectError(await call(c.app, method, url, body, c.people.locked.headers), 403, {
        code: 'ACCOUNT_LOCKED',
      });
      expectError(await call(c.app, method, url, body, c.people.alice.headers), 403);
    }
    expectError(await call(c.app, 'DELETE', `/api/admin/invites/${id}`, undefined, admin()), 404);
  });

  it('R-MOVEIN-8: an admin creates a link with expiry and uses; bad values are 400 naming the field', async () => {
    const invite = await createInvite({ expiresInDays: 3, maxUses: 2, approveAtOnce: true, label: 'Lobby' });
    expect(invite).toMatchObject({ uses: 0, maxUses: 2, approveAtOnce: true, label: 'Lobby', joined: [] });
    expect(invite.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(invite.url).toMatch(new RegExp(`/signup\\?invite=${invite.code}$`));
    const days = (Date.parse(invite.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThan(3.1);
    expectError(await call(c.app, 'POST', '/api/admin/invites', { maxUses: 0 }, admin()), 400, {
      field: 'maxUses',
    });
    expectError(await call(c.app, 'POST', '/api/admin/invites', { expiresInDays: 400 }, admin()), 400, {
      field: 'expiresInDays',
    });
  });

  it('R-MOVEIN-11: a sign-up with an approve-at-once code is let in, listed on the invitation and audited', async () => {
    const invite = await createInvite({ maxUses: 1, approveAtOnce: true });
    const res = await signupWith(invite.code.toLowerCase());
    expect(res.statusCode, res.body).toBe(201);
    const user = res.json<{ user: User }>().user;
    expect(user.isLocked).toBe(false);
    // Used up: the code no longer admits anyone, and says so.
    expectError(await signupWith(invite.code), 400, { field: 'inviteCode' });
    const list = (await call(c.app, 'GET', '/api/admin/invites', undefined, admin())).json<{
      data: Invite[];
    }>();
    const listed = list.data.find((row) => row.id === invite.id);
    expect(listed).toMatchObject({ uses: 1 });
    expect(listed?.joined.map((u) => u.id)).toEqual([user.id]);
    const audit = await call(c.app, 'GET', `/api/audit-log?targetUserId=${user.id}`, undefined, admin());
    expect(audit.json<{ data: { action: string }[] }>().data.map((e) => e.action)).toContain('approve');
  });

  it('R-MOVEIN-11: a code that still asks for approval leaves the new account waiting', async () => {
    const invite = await createInvite({ approveAtOnce: false });
    const res = await signupWith(invite.code);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ user: User }>().user).toMatchObject({
      isLocked: true,
      reasonForLock: 'pending_approval',
    });
  });

  it('R-MOVEIN-9, R-MOVEIN-10: the public lookup names the building; a revoked code stops at once and is audited', async () => {
    const named = await call(c.app, 'PUT', '/api/admin/building-name', { name: 'Maple Court 14' }, admin());
    expect(named.json()).toEqual({ name: 'Maple Court 14' });
    const invite = await createInvite();
    const anonymous = csrfHeaders(c.app);
    const lookup = await call(c.app, 'GET', `/api/invites/${invite.code}`, undefined, anonymous);
    expect(lookup.json<InviteLookup>()).toMatchObject({
      buildingName: 'Maple Court 14',
      approveAtOnce: false,
    });
    const revoked = await call(c.app, 'DELETE', `/api/admin/invites/${invite.id}`, undefined, admin());
    expect(revoked.json<Invite>().revokedAt).not.toBeNull();
    expectError(await call(c.app, 'GET', `/api/invites/${invite.code}`, undefined, anonymous), 404);
    expectError(await signupWith(invite.code), 400, { field: 'inviteCode' });
    expectError(await call(c.app, 'GET', '/api/invites/not-a-code', undefined, anonymous), 400, {
      field: 'code',
    });
    const audit = await call(c.app, 'GET', '/api/audit-log?limit=50', undefined, admin());
    const actions = audit.json<{ data: { action: string }[] }>().data.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['create_invite', 'revoke_invite', 'set_building_name']));
  });

  it('R-MOVEIN-11: the terms must still be accepted with a code', async () => {
    const invite = await createInvite();
    const res = await call(
      c.app,
      'POST',
      '/api/signup',
      {
        email: 'noterms@example.com',
        password: 'a long enough password 1',
        username: 'No Terms',
        inviteCode: invite.code,
      },
      csrfHeaders(c.app),
    );
    expectError(res, 400, { field: 'acceptTerms' });
  });
});

describe('R-MOVEIN-14: each unusable invitation says why', () => {
  const anonymous = () => csrfHeaders(c.app);
  const lookup = (code: string) => call(c.app, 'GET', `/api/invites/${code}`, undefined, anonymous());

  /** Both ways a code is refused: the sign-up page's lookup (404) and the sign-up itself (400). */
  async function expectRefusal(code: string, text: string) {
    expect(expectError(await lookup(code), 404).message).toBe(text);
    expect(expectError(await signupWith(code), 400, { field: 'inviteCode' }).message).toBe(text);
  }

  it('R-MOVEIN-14: an expired invitation says it has expired', async () => {
    const invite = await createInvite({ maxUses: 5 });
    await c.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.id, invite.id));
    await expectRefusal(invite.code, TEXTS.inviteExpired);
  });

  it('R-MOVEIN-14: a used-up invitation says it has admitted as many as it allows', async () => {
    const invite = await createInvite({ maxUses: 1 });
    expect((await signupWith(invite.code)).statusCode).toBe(201);
    await expectRefusal(invite.code, TEXTS.inviteUsedUp);
  });

  it('R-MOVEIN-14: a revoked invitation says the admin withdrew it, even once it has also expired', async () => {
    const invite = await createInvite();
    expect(
      (await call(c.app, 'DELETE', `/api/admin/invites/${invite.id}`, undefined, admin())).statusCode,
    ).toBe(200);
    await expectRefusal(invite.code, TEXTS.inviteRevoked);
    await c.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.id, invite.id));
    await expectRefusal(invite.code, TEXTS.inviteRevoked);
  });

  it('R-MOVEIN-14: a well-formed code that was never issued says it is not one we know', async () => {
    await expectRefusal('ZZZZZZZZ', TEXTS.inviteUnknown);
  });
});
