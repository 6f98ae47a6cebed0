import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flaggedPageSchema, messageResponseSchema } from '@stoop/shared';
import { sendText } from '../conversations/testing.ts';
import { createChatCommunity } from '../test/community.ts';
import { csrfHeaders } from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';

let c: Awaited<ReturnType<typeof createChatCommunity>>;
beforeAll(async () => {
  c = await createChatCommunity();
});
afterAll(() => c.close());

type H = Record<string, string>;
const message = (res: { json<T>(): T }) => messageResponseSchema.parse(res.json()).message;
const report = (conversationId: string, body: object, headers: H) =>
  call(c.app, 'POST', `/api/conversations/${conversationId}/flag`, body, headers);
const withdraw = (conversationId: string, messageId: string, headers: H) =>
  call(c.app, 'DELETE', `/api/conversations/${conversationId}/flag/${messageId}`, undefined, headers);
const queue = async () =>
  flaggedPageSchema.parse(
    (await call(c.app, 'GET', '/api/admin/flagged?limit=50', undefined, c.people.admin.headers)).json(),
  );

describe('R-REPORT-1, R-REPORT-3: a report carries a reason the admins read', () => {
  it('stores the reason and note; a second report changes the reason only', async () => {
    const { alice, bob, carol } = c.people;
    const post = await sendText(c.app, alice.headers, c.channelId, 'Buy cheap watches at my site');
    const reported = message(
      await report(
        c.channelId,
        { messageId: post.id, reason: 'spam', note: '  posted in 3 channels ' },
        bob.headers,
      ),
    );
    expect(reported.metadata.userFlaggedBy).toEqual([bob.id]);
    message(await report(c.channelId, { messageId: post.id }, carol.headers));
    let item = (await queue()).data.find((i) => i.message.id === post.id);
    expect(item?.flags.map((f) => [f.user.id, f.reason, f.note])).toEqual([
      [bob.id, 'spam', 'posted in 3 channels'],
      [carol.id, null, null],
    ]);
    const again = message(
      await report(c.channelId, { messageId: post.id, reason: 'other', note: 'a scam' }, bob.headers),
    );
    expect(again.seq).toBe(message(await report(c.channelId, { messageId: post.id }, carol.headers)).seq);
    item = (await queue()).data.find((i) => i.message.id === post.id);
    expect(item?.flags.find((f) => f.user.id === bob.id)).toMatchObject({ reason: 'other', note: 'a scam' });
  });

  it('refuses an unknown reason and a note that is too long, on their fields', async () => {
    const { alice, bob } = c.people;
    const post = await sendText(c.app, alice.headers, c.channelId, 'Hello');
    expectError(await report(c.channelId, { messageId: post.id, reason: 'rude' }, bob.headers), 400, {
      field: 'reason',
    });
    expectError(
      await report(c.channelId, { messageId: post.id, reason: 'other', note: 'x'.repeat(501) }, bob.headers),
      400,
      { field: 'note' },
    );
  });
});

describe('R-REPORT-2: the reporter withdraws their report', () => {
  it('takes them off the list and the queue; withdrawing again changes nothing', async () => {
    const { alice, bob } = c.people;
    const post = await sendText(c.app, alice.headers, c.channelId, 'Party at 2am, everyone welcome');
    message(await report(c.channelId, { messageId: post.id, reason: 'harassment' }, bob.headers));
    expect((await queue()).data.some((i) => i.message.id === post.id)).toBe(true);
    const withdrawn = message(await withdraw(c.channelId, post.id, bob.headers));
    expect(withdrawn.metadata.userFlaggedBy).toEqual([]);
    expect((await queue()).data.some((i) => i.message.id === post.id)).toBe(false);
    expect(message(await withdraw(c.channelId, post.id, bob.headers)).seq).toBe(withdrawn.seq);
  });

  it("only one's own report: another resident's withdrawal leaves it", async () => {
    const { alice, bob, carol } = c.people;
    const post = await sendText(c.app, alice.headers, c.channelId, 'Selling my bike');
    message(await report(c.channelId, { messageId: post.id, reason: 'spam' }, bob.headers));
    expect(message(await withdraw(c.channelId, post.id, carol.headers)).metadata.userFlaggedBy).toEqual([
      bob.id,
    ]);
  });

  it('authorization: anonymous 401, locked 403, outside a direct conversation 404 (admins too)', async () => {
    const { alice, bob, carol, admin, locked } = c.people;
    const dm = await sendText(c.app, alice.headers, c.directId, 'private words');
    message(await report(c.directId, { messageId: dm.id, reason: 'harassment' }, bob.headers));
    for (const headers of [carol.headers, admin.headers]) {
      expectError(await report(c.directId, { messageId: dm.id, reason: 'spam' }, headers), 404);
      expectError(await withdraw(c.directId, dm.id, headers), 404);
    }
    expectError(await withdraw(c.directId, dm.id, csrfHeaders(c.app)), 401);
    expectError(await withdraw(c.directId, dm.id, locked.headers), 403, { code: 'ACCOUNT_LOCKED' });
    // A message of another conversation is not found through this one.
    expectError(await withdraw(c.channelId, dm.id, bob.headers), 404);
    expect(message(await withdraw(c.directId, dm.id, bob.headers)).metadata.userFlaggedBy).toEqual([]);
  });
});
