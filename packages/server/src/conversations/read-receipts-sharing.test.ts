/**
 * R-RECEIPT-8: turning read receipts off or on reaches open screens live, over a listening server
 * with real socket.io clients: the other participants lose or get back the position, the
 * resident's own devices get the setting, and nobody else hears a thing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle, until, type Recorder } from '../realtime/testing.ts';
import { call } from '../test/http.ts';
import {
  makeChannel,
  makeDirect,
  receiptsCommunity,
  sendText,
  type Headers,
  type ReceiptsCommunity,
} from './testing.ts';

// Each test turns a resident of its own off and on, so the order of the tests never matters.
const CAST = {
  admin: { role: 'admin' },
  alice: {},
  bob: {},
  carol: {},
  dave: {},
  erin: {},
  frank: {},
  quiet: {},
} as const;
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

type Read = { conversationId: string; userId: string; lastReadSeq: number };
type Withdrawn = { conversationId: string; userId: string };
const markRead = (conversationId: string, seq: number, headers: Headers) =>
  call(t.app, 'POST', `/api/conversations/${conversationId}/read`, { seq }, headers);
const share = async (headers: Headers, on: boolean) => {
  const res = await call(t.app, 'PUT', '/api/profile', { shareReadReceipts: on }, headers);
  expect(res.statusCode, res.body).toBe(200);
};
const reads = (r: Recorder, userId: string) =>
  (r.of('conversation:read') as Read[]).filter((e) => e.userId === userId);
const withdrawn = (r: Recorder, userId: string) =>
  (r.of('conversation:read-withdrawn') as Withdrawn[]).filter((e) => e.userId === userId);
const settings = (r: Recorder) => r.of('read-receipts:changed') as { shareReadReceipts: boolean }[];

describe('R-RECEIPT-8: a change of the read-receipts setting reaches open screens live', () => {
  it('off withdraws the position from every participant who shares, on restores it where it stands', async () => {
    const direct = await makeDirect(t.app, h.alice, id.bob);
    const channel = await makeChannel(t.app, h.alice);
    await sendText(t.app, h.bob, channel.id, 'Bob is in');
    await sendText(t.app, h.carol, channel.id, 'Carol too');
    const toAlice = await sendText(t.app, h.bob, direct.id, 'Parcel for you downstairs');
    await markRead(direct.id, toAlice.seq, h.alice);
    const [bobSocket, carolSocket, aliceOther] = await Promise.all([
      open(h.bob),
      open(h.carol),
      open(h.alice),
    ]);

    await share(h.alice, false);
    await until(
      () => withdrawn(bobSocket, id.alice).length === 2 && withdrawn(carolSocket, id.alice).length === 1,
    );
    expect(withdrawn(bobSocket, id.alice)).toEqual(
      expect.arrayContaining([
        { conversationId: direct.id, userId: id.alice },
        { conversationId: channel.id, userId: id.alice },
      ]),
    );
    // Carol takes part in the channel only.
    expect(withdrawn(carolSocket, id.alice)).toEqual([{ conversationId: channel.id, userId: id.alice }]);
    // Alice's other device follows the setting, and hears no position of her own.
    await until(() => settings(aliceOther).length === 1);
    expect(settings(aliceOther)).toEqual([{ shareReadReceipts: false }]);
    expect(withdrawn(aliceOther, id.alice)).toEqual([]);

    await share(h.alice, true);
    await until(() => reads(bobSocket, id.alice).length === 2 && reads(carolSocket, id.alice).length === 1);
    expect(reads(bobSocket, id.alice)).toEqual(
      expect.arrayContaining([
        { conversationId: direct.id, userId: id.alice, lastReadSeq: toAlice.createdSeq },
        { conversationId: channel.id, userId: id.alice, lastReadSeq: expect.any(Number) as number },
      ]),
    );
    expect(reads(carolSocket, id.alice)).toEqual([
      { conversationId: channel.id, userId: id.alice, lastReadSeq: expect.any(Number) as number },
    ]);
    await until(() => settings(aliceOther).length === 2);
    expect(settings(aliceOther)[1]).toEqual({ shareReadReceipts: true });
    await settle();
    expect(reads(aliceOther, id.alice)).toEqual([]);
    // The setting is the resident's own: nobody else hears of it.
    expect(settings(bobSocket)).toEqual([]);
    expect(settings(carolSocket)).toEqual([]);
  });

  it('a direct conversation’s withdrawn or restored receipt never reaches a non-participant, admins and followers included', async () => {
    const direct = await makeDirect(t.app, h.dave, id.erin);
    const toDave = await sendText(t.app, h.erin, direct.id, 'Key is under the mat');
    await markRead(direct.id, toDave.seq, h.dave);
    // A channel Dave takes part in that Frank only follows (in its room, no participant).
    const channel = await makeChannel(t.app, h.dave);
    const [erinSocket, frankSocket, adminSocket] = await Promise.all([
      open(h.erin),
      open(h.frank),
      open(h.admin),
    ]);
    await new Promise((resolve) =>
      frankSocket.socket.emit('conversation:join', { conversationId: channel.id }, resolve),
    );

    await share(h.dave, false);
    await until(() => withdrawn(erinSocket, id.dave).length === 1);
    await share(h.dave, true);
    await until(() => reads(erinSocket, id.dave).length === 1);
    expect(reads(erinSocket, id.dave)).toEqual([
      { conversationId: direct.id, userId: id.dave, lastReadSeq: toDave.createdSeq },
    ]);
    await settle();
    for (const outsider of [frankSocket, adminSocket]) {
      expect(withdrawn(outsider, id.dave)).toEqual([]);
      expect(reads(outsider, id.dave)).toEqual([]);
      expect(settings(outsider)).toEqual([]);
    }
  });

  it('a participant who does not share is not told (R-RECEIPT-5)', async () => {
    const direct = await makeDirect(t.app, h.frank, id.quiet);
    const toFrank = await sendText(t.app, h.quiet, direct.id, 'Is the lift working?');
    await markRead(direct.id, toFrank.seq, h.frank);
    const [quietSocket, frankOther] = await Promise.all([open(h.quiet), open(h.frank)]);
    await share(h.frank, false);
    await until(() => settings(frankOther).length === 1);
    await share(h.frank, true);
    await until(() => settings(frankOther).length === 2);
    await settle();
    expect(withdrawn(quietSocket, id.frank)).toEqual([]);
    expect(reads(quietSocket, id.frank)).toEqual([]);
  });
});
