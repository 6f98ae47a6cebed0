import { describe, expect, it } from 'vitest';
import { ERROR_CODES, SERVER_BUSY_RETRY_AFTER_SECONDS, TEXTS, type Message } from '@stoop/shared';
import { makeChannel, sendText } from '../conversations/testing.ts';
import { until } from '../realtime/testing.ts';
import { openConnections, overloadRoom } from './overload.fixtures.ts';

/** Small, so a burst over real sockets is sure to pass it. */
const LIMIT = 4;
const FLOOD = 60;

const room = overloadRoom({ SEND_QUEUE_LIMIT: String(LIMIT) });
const { members, agent, send, delivered } = room;

describe('R-LIMIT-13: above capacity a send is refused at once with 503 and Retry-After', () => {
  it('a flood gets 201 or a quick 503 SERVER_BUSY, keeps every connection, and every acknowledged send reaches every member', async () => {
    const channel = await makeChannel(room.app, room.alice);
    const ids = Array.from({ length: FLOOD }, (_, i) => `flood-${i}`);
    const senderOf = (i: number) => (i % 2 === 0 ? room.alice : room.bob);
    await openConnections(room.url, agent, FLOOD);
    // Every send at once over real connections: no answer may be a dropped connection (fetch rejects).
    const answers = await Promise.all(ids.map((id, i) => send(senderOf(i), channel.id, id)));

    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201, 503]));
    const refused = answers.filter((a) => a.status === 503);
    for (const a of refused) {
      expect(a.retryAfter).toBe(String(SERVER_BUSY_RETRY_AFTER_SECONDS));
      expect(a.body).toMatchObject({ code: ERROR_CODES.serverBusy, message: TEXTS.serverBusy });
      // Answered without waiting behind the sends taken (generous: the machine may be busy).
      expect(a.ms).toBeLessThan(3000);
    }
    const acknowledged = ids.filter((_, i) => answers[i]?.status === 201);
    expect(acknowledged.length).toBeGreaterThanOrEqual(LIMIT);

    // Every acknowledged send reaches every member's socket, once; no socket was dropped.
    await until(() => members.every((m) => delivered(m, channel.id).length >= acknowledged.length), 10_000);
    for (const m of members) {
      expect(m.socket.connected).toBe(true);
      const got = delivered(m, channel.id).map((msg: Message) => msg.clientMessageId);
      expect(got.sort()).toEqual([...acknowledged].sort());
    }

    // A refused send was never stored: sent again after Retry-After with the same clientMessageId
    // (as the web outbox does), each is stored once and reaches everyone.
    await new Promise((r) => setTimeout(r, SERVER_BUSY_RETRY_AFTER_SECONDS * 1000));
    for (const [i, id] of ids.entries()) {
      if (answers[i]?.status !== 503) continue;
      const again = await send(senderOf(i), channel.id, id);
      expect(again.status).toBe(201);
    }
    await until(() => members.every((m) => delivered(m, channel.id).length >= FLOOD), 10_000);
    for (const m of members) {
      const got = delivered(m, channel.id).map((msg: Message) => msg.clientMessageId);
      expect(got.sort()).toEqual([...ids].sort());
    }
  });

  it('a send counts only until it is answered: many sends one after another all pass', async () => {
    const channel = await makeChannel(room.app, room.alice);
    for (let i = 0; i < LIMIT * 3; i += 1)
      await sendText(room.app, room.alice, channel.id, `one by one ${i}`);
    const answer = await send(room.bob, channel.id, 'after-the-queue');
    expect(answer.status).toBe(201);
  });

  it('an anonymous send is still refused as unauthenticated, not counted', async () => {
    const channel = await makeChannel(room.app, room.alice);
    const answer = await send({}, channel.id, 'anonymous');
    // No session and no CSRF token: refused by the auth pipeline before the send is counted.
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe(ERROR_CODES.csrfMissing);
  });
});
