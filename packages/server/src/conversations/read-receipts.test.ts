/**
 * R-RECEIPT: read receipts over a listening server with real socket.io clients: who may ask how far
 * the others have read, who hears of a read live, and who is left out.
 */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  READ_RECEIPTS_PARTICIPANTS_MAX,
  conversationReadsSchema,
  defaultUserMetadata,
  messagesPageSchema,
} from '@stoop/shared';
import { conversationParticipants, users } from '../db/schema/index.ts';
import { settle, until, type Recorder } from '../realtime/testing.ts';
import { EVERY_ROLE } from '../test/community.ts';
import { call, expectError } from '../test/http.ts';
import {
  makeChannel,
  makeDirect,
  receiptsCommunity,
  sendText,
  type Headers,
  type ReceiptsCommunity,
} from './testing.ts';

const CAST = { ...EVERY_ROLE, quiet: {} } as const;
type Receipts = ReceiptsCommunity<typeof CAST>;
let t: Receipts['t'];
let h: Receipts['h'];
let id: Receipts['id'];
let open: Receipts['open'];
let close: Receipts['close'];

beforeAll(async () => {
  ({ t, h, id, open, close } = await receiptsCommunity(CAST));
});
afterAll(() => close());

const reads = (conversationId: string, headers: Headers) =>
  t.app.inject({ method: 'GET', url: `/api/conversations/${conversationId}/reads`, headers });
const markRead = (conversationId: string, seq: number, headers: Headers) =>
  call(t.app, 'POST', `/api/conversations/${conversationId}/read`, { seq }, headers);
const readEvents = (recorder: Recorder) =>
  recorder.of('conversation:read') as { conversationId: string; userId: string; lastReadSeq: number }[];

describe('R-RECEIPT-2: GET /api/conversations/{id}/reads', () => {
  it('anonymous 401, locked 403, a participant 200, a non-participant 404, an admin 404 on a direct', async () => {
    const direct = await makeDirect(t.app, h.alice, id.bob);
    const sent = await sendText(t.app, h.alice, direct.id, 'Parcel for you downstairs');
    expect(sent.createdSeq).toBe(sent.seq);
    expect((await markRead(direct.id, sent.seq, h.bob)).statusCode).toBe(204);

    expectError(await reads(direct.id, {}), 401);
    expectError(await reads(direct.id, h.locked), 403);
    const answer = conversationReadsSchema.parse((await reads(direct.id, h.alice)).json());
    // The others only: the caller knows how far they have read.
    expect(answer).toEqual({ enabled: true, reads: [{ userId: id.bob, lastReadSeq: sent.createdSeq }] });
    // Someone else's direct conversation does not exist for them, admins included (R-ACCESS-1).
    expectError(await reads(direct.id, h.carol), 404);
    expectError(await reads(direct.id, h.admin), 404);
    expectError(await reads('00000000-0000-7000-8000-000000000000', h.alice), 404);
  });

  it('a channel: 403 for a reader who is no participant (an admin too) until they post', async () => {
    const channel = await makeChannel(t.app, h.alice);
    expectError(await reads(channel.id, h.carol), 403);
    expectError(await reads(channel.id, h.admin), 403);
    await sendText(t.app, h.carol, channel.id, 'Count me in');
    const answer = conversationReadsSchema.parse((await reads(channel.id, h.carol)).json());
    expect(answer.enabled).toBe(true);
    expect(answer.reads.map((r) => r.userId)).toEqual([id.alice]);
  });
});

describe('R-RECEIPT-3: a read reaches the other participants live, and nobody else', () => {
  it('a direct read goes to the sender’s sockets only; a read that does not move sends nothing', async () => {
    const direct = await makeDirect(t.app, h.bob, id.carol);
    const [bobSocket, carolSocket, aliceSocket, adminSocket] = await Promise.all([
      open(h.bob),
      open(h.carol),
      open(h.alice),
      open(h.admin),
    ]);
    const sent = await sendText(t.app, h.bob, direct.id, 'Are you home at six?');
    expect((await markRead(direct.id, sent.seq, h.carol)).statusCode).toBe(204);
    await until(() => readEvents(bobSocket).length === 1);
    expect(readEvents(bobSocket)[0]).toEqual({
      conversationId: direct.id,
      userId: id.carol,
      lastReadSeq: sent.createdSeq,
    });
    await markRead(direct.id, sent.seq, h.carol);
    await settle();
    expect(readEvents(bobSocket)).toHaveLength(1);
    for (const other of [carolSocket, aliceSocket, adminSocket]) expect(readEvents(other)).toEqual([]);
  });

  it('opening the newest page reads it: the sender hears of it, and the page says how much was unread (R-MSG-22)', async () => {
    const direct = await makeDirect(t.app, h.alice, id.carol);
    const aliceSocket = await open(h.alice);
    await sendText(t.app, h.alice, direct.id, 'First');
    const second = await sendText(t.app, h.alice, direct.id, 'Second');
    const url = `/api/conversations/${direct.id}/messages`;
    const page = messagesPageSchema.parse(
      (await t.app.inject({ method: 'GET', url, headers: h.carol })).json(),
    );
    expect(page.unreadBefore).toBe(2);
    expect(page.conversation.unreadCount).toBe(0);
    expect(page.messages.map((m) => m.createdSeq)).toContain(second.createdSeq);
    await until(() => readEvents(aliceSocket).some((e) => e.conversationId === direct.id));
    expect(readEvents(aliceSocket).find((e) => e.conversationId === direct.id)?.lastReadSeq).toBe(
      second.createdSeq,
    );
    // Nothing was unread the second time.
    const again = messagesPageSchema.parse(
      (await t.app.inject({ method: 'GET', url, headers: h.carol })).json(),
    );
    expect(again.unreadBefore).toBeUndefined();
  });

  it('the newest page names the first message of others after the reader’s position, wherever the window ends (R-MSG-22)', async () => {
    const direct = await makeDirect(t.app, h.alice, id.carol);
    const first = await sendText(t.app, h.alice, direct.id, 'Read already');
    expect((await markRead(direct.id, first.seq, h.carol)).statusCode).toBe(204);
    const own = await sendText(t.app, h.carol, direct.id, 'My own is never unread');
    const unread = await sendText(t.app, h.alice, direct.id, 'The first unread');
    await sendText(t.app, h.alice, direct.id, 'And one more');
    const url = `/api/conversations/${direct.id}/messages`;
    const page = messagesPageSchema.parse(
      (await t.app.inject({ method: 'GET', url, headers: h.carol })).json(),
    );
    expect(page.unreadBefore).toBe(2);
    expect(page.firstUnreadId).toBe(unread.id);
    // Read now: no line the next time. Alice has not read Carol's message: her line is there.
    const again = messagesPageSchema.parse(
      (await t.app.inject({ method: 'GET', url, headers: h.carol })).json(),
    );
    expect(again.firstUnreadId).toBeUndefined();
    const authors = messagesPageSchema.parse(
      (await t.app.inject({ method: 'GET', url, headers: h.alice })).json(),
    );
    expect(authors.firstUnreadId).toBe(own.id);
  });

  it('a channel’s read goes to its participants, not to a follower who only joined its room', async () => {
    const channel = await makeChannel(t.app, h.alice);
    await sendText(t.app, h.bob, channel.id, 'Bob is in');
    const [aliceSocket, bobSocket, carolSocket] = await Promise.all([
      open(h.alice),
      open(h.bob),
      open(h.carol),
    ]);
    await new Promise((resolve) =>
      carolSocket.socket.emit('conversation:join', { conversationId: channel.id }, resolve),
    );
    const sent = await sendText(t.app, h.alice, channel.id, 'Bins go out tonight');
    await markRead(channel.id, sent.seq, h.bob);
    await until(() => readEvents(aliceSocket).some((e) => e.conversationId === channel.id));
    await settle();
    expect(carolSocket.messages('message:new').some((m) => m.id === sent.id)).toBe(true);
    expect(readEvents(carolSocket).filter((e) => e.conversationId === channel.id)).toEqual([]);
    expect(readEvents(bobSocket).filter((e) => e.conversationId === channel.id)).toEqual([]);
  });
});

describe('R-RECEIPT-5: a resident who does not share read receipts', () => {
  it('is left out of answers and events, and sees nobody’s', async () => {
    const direct = await makeDirect(t.app, h.alice, id.quiet);
    const [aliceSocket, quietSocket] = await Promise.all([open(h.alice), open(h.quiet)]);
    const fromAlice = await sendText(t.app, h.alice, direct.id, 'Did you get my note?');
    await markRead(direct.id, fromAlice.seq, h.quiet);
    const fromQuiet = await sendText(t.app, h.quiet, direct.id, 'Yes, thanks');
    await markRead(direct.id, fromQuiet.seq, h.alice);
    await settle();
    expect(readEvents(aliceSocket).filter((e) => e.conversationId === direct.id)).toEqual([]);
    expect(readEvents(quietSocket)).toEqual([]);
    expect(conversationReadsSchema.parse((await reads(direct.id, h.alice)).json())).toEqual({
      enabled: true,
      reads: [],
    });
    expect(conversationReadsSchema.parse((await reads(direct.id, h.quiet)).json())).toEqual({
      enabled: false,
      reads: [],
    });
  });
});

describe('R-RECEIPT-4: receipts stop at READ_RECEIPTS_PARTICIPANTS_MAX participants', () => {
  it('a channel of more participants answers none and sends none', async () => {
    const channel = await makeChannel(t.app, h.alice);
    await sendText(t.app, h.bob, channel.id, 'Hello all');
    const extra = await t.db
      .insert(users)
      .values(
        Array.from({ length: READ_RECEIPTS_PARTICIPANTS_MAX - 1 }, (_, n) => ({
          email: `crowd-${n}@receipts.test`,
          username: `Crowd ${n}`,
          metadata: defaultUserMetadata(),
          passwordHash: 'not a hash',
        })),
      )
      .returning({ id: users.id });
    await t.db
      .insert(conversationParticipants)
      .values(extra.map((u) => ({ conversationId: channel.id, userId: u.id, lastReadSeq: 0 })));
    const aliceSocket = await open(h.alice);
    const sent = await sendText(t.app, h.alice, channel.id, 'Meeting at eight');
    await markRead(channel.id, sent.seq, h.bob);
    await settle();
    expect(readEvents(aliceSocket).filter((e) => e.conversationId === channel.id)).toEqual([]);
    expect(conversationReadsSchema.parse((await reads(channel.id, h.alice)).json())).toEqual({
      enabled: false,
      reads: [],
    });
    // One fewer and they are back.
    await t.db
      .delete(conversationParticipants)
      .where(inArray(conversationParticipants.userId, [extra[0]!.id]));
    expect(conversationReadsSchema.parse((await reads(channel.id, h.alice)).json()).enabled).toBe(true);
  });
});
