/**
 * R-RECEIPT-7: the read-receipts setting through PUT /api/profile: who may change it (their own
 * only), what it accepts, who sees it, and that turning it off works both ways (R-RECEIPT-5).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationReadsSchema, userResponseSchema, type PresentedUser } from '@stoop/shared';
import { makeChannel, sendText, type Headers } from '../conversations/testing.ts';
import { EVERY_ROLE, createCommunity, headersOf, idsOf, type Community } from '../test/community.ts';
import { csrfHeaders } from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';
import { multipart } from '../test/multipart.ts';

let t: Community<typeof EVERY_ROLE>;
let h: Record<keyof typeof EVERY_ROLE, Headers>;
let id: Record<keyof typeof EVERY_ROLE, string>;

beforeAll(async () => {
  t = await createCommunity(EVERY_ROLE);
  h = headersOf(t.people);
  id = idsOf(t.people);
});
afterAll(async () => t.close());

const putJson = (headers: Headers, body: unknown) => call(t.app, 'PUT', '/api/profile', body, headers);
function putForm(headers: Headers, fields: Record<string, string>) {
  const body = multipart(fields);
  return t.app.inject({
    method: 'PUT',
    url: '/api/profile',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}
const own = async (headers: Headers) =>
  userResponseSchema.parse((await call(t.app, 'GET', '/api/protected/user', undefined, headers)).json()).user;
const reads = async (conversationId: string, headers: Headers) =>
  conversationReadsSchema.parse(
    (await call(t.app, 'GET', `/api/conversations/${conversationId}/reads`, undefined, headers)).json(),
  );

describe('R-RECEIPT-7: PUT /api/profile {shareReadReceipts}', () => {
  it('anonymous 401, locked 403; a resident and an admin change their own, nobody else’s', async () => {
    expectError(await putJson(csrfHeaders(t.app), { shareReadReceipts: false }), 401);
    expectError(await putJson(h.locked, { shareReadReceipts: false }), 403, { code: 'ACCOUNT_LOCKED' });
    for (const who of ['carol', 'admin'] as const) {
      const saved = await putJson(h[who], { shareReadReceipts: false });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(userResponseSchema.parse(saved.json()).user.shareReadReceipts).toBe(false);
      expect((await own(h[who])).shareReadReceipts).toBe(false);
      const back = await putJson(h[who], { shareReadReceipts: true });
      expect(userResponseSchema.parse(back.json()).user.shareReadReceipts).toBe(true);
    }
    // The call has no target: the others' setting stays as it was.
    expect((await own(h.alice)).shareReadReceipts).toBe(true);
    expect((await own(h.bob)).shareReadReceipts).toBe(true);
  });

  it('a multipart form says "true" or "false"; anything else is a 400 naming the field', async () => {
    const off = await putForm(h.bob, { shareReadReceipts: 'false' });
    expect(off.statusCode, off.body).toBe(200);
    expect(userResponseSchema.parse(off.json()).user.shareReadReceipts).toBe(false);
    expectError(await putForm(h.bob, { shareReadReceipts: 'maybe' }), 400, { field: 'shareReadReceipts' });
    for (const wrong of ['false', 0, null, 'yes'])
      expectError(await putJson(h.bob, { shareReadReceipts: wrong }), 400, { field: 'shareReadReceipts' });
    expect((await own(h.bob)).shareReadReceipts).toBe(false);
    await putForm(h.bob, { shareReadReceipts: 'true' });
    expect((await own(h.bob)).shareReadReceipts).toBe(true);
  });

  it('is the owner’s to see (and an admin’s), not the other residents’', async () => {
    const seenBy = async (headers: Headers) =>
      (await call(t.app, 'GET', `/api/users/${id.alice}`, undefined, headers)).json<{ user: PresentedUser }>()
        .user;
    expect((await seenBy(h.alice)).shareReadReceipts).toBe(true);
    expect((await seenBy(h.admin)).shareReadReceipts).toBe(true);
    expect('shareReadReceipts' in (await seenBy(h.bob))).toBe(false);
  });

  it('turned off, the resident sees nobody’s receipts and nobody sees theirs; on again, both come back', async () => {
    const channel = await makeChannel(t.app, h.alice);
    await sendText(t.app, h.bob, channel.id, 'Bob is here');
    const sent = await sendText(t.app, h.alice, channel.id, 'Lift is fixed');
    expect(
      (await call(t.app, 'POST', `/api/conversations/${channel.id}/read`, { seq: sent.seq }, h.bob))
        .statusCode,
    ).toBe(204);
    expect((await reads(channel.id, h.alice)).reads.map((r) => r.userId)).toEqual([id.bob]);

    await putJson(h.bob, { shareReadReceipts: false });
    expect(await reads(channel.id, h.alice)).toEqual({ enabled: true, reads: [] });
    expect(await reads(channel.id, h.bob)).toEqual({ enabled: false, reads: [] });

    await putJson(h.bob, { shareReadReceipts: true });
    expect((await reads(channel.id, h.alice)).reads.map((r) => r.userId)).toEqual([id.bob]);
    expect((await reads(channel.id, h.bob)).enabled).toBe(true);
  });
});
