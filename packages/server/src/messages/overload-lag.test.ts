import { describe, expect, it } from 'vitest';
import { ERROR_CODES, SERVER_BUSY_RETRY_AFTER_SECONDS, TEXTS, type Message } from '@stoop/shared';
import { makeChannel } from '../conversations/testing.ts';
import { until } from '../realtime/testing.ts';
import { openConnections, overloadRoom, type Answer } from './overload.fixtures.ts';

/** The loop may run this far behind (ms) before sends are refused; well above a busy machine's own lateness. */
const MAX_LAG_MS = 300;
/** Each turn of the loop the hog takes this long: a process that stays far behind. */
const HOG_MS = 700;
const BURST = 40;

// The count limit stays at its default: here only the lag refuses.
const room = overloadRoom({ SEND_QUEUE_MAX_LAG_MS: String(MAX_LAG_MS) });
const { members, agent, send, delivered } = room;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Keeps the event loop behind, as a flood of sends and their fan-out does: every turn of the loop
 * spends `ms` in this one callback. The server shares the loop, so it runs as late as it would.
 */
function hogLoop(ms: number): () => void {
  const timer = setInterval(() => {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      // Busy on purpose: nothing else runs meanwhile.
    }
  }, 1);
  return () => clearInterval(timer);
}

describe('R-LIMIT-13: a process that runs behind refuses sends at once with 503 and Retry-After', () => {
  it('while the loop is behind, a burst gets quick 503s on open connections; caught up, the same sends pass and reach everyone', async () => {
    const channel = await makeChannel(room.app, room.alice);
    const ids = Array.from({ length: BURST }, (_, i) => `behind-${i}`);
    const senderOf = (i: number) => (i % 2 === 0 ? room.alice : room.bob);
    await openConnections(room.url, agent, BURST);
    await pause(5 * MAX_LAG_MS);
    // A send starts the server measuring its lag; it is taken, the loop being punctual.
    expect((await send(room.alice, channel.id, 'before-the-burst')).status).toBe(201);

    const stopHog = hogLoop(HOG_MS);
    let answers: Answer[];
    try {
      // A few late ticks: the lag is measured as the server runs, not guessed.
      await pause(4 * HOG_MS);
      // Every send at once over open connections: a dropped connection would reject.
      answers = await Promise.all(ids.map((id, i) => send(senderOf(i), channel.id, id)));
    } finally {
      stopHog();
    }
    // Refused, never failed: no 500, no dropped connection.
    for (const a of answers) {
      expect(a.status).toBe(503);
      expect(a.retryAfter).toBe(String(SERVER_BUSY_RETRY_AFTER_SECONDS));
      expect(a.body).toMatchObject({ code: ERROR_CODES.serverBusy, message: TEXTS.serverBusy });
      // Within a turn or two of the hogged loop, not behind a queue of sends.
      expect(a.ms).toBeLessThan(4 * HOG_MS);
    }

    // Caught up: sent again after Retry-After with the same clientMessageId, each is stored once
    // and reaches every member's socket once; no socket was dropped meanwhile.
    await pause(SERVER_BUSY_RETRY_AFTER_SECONDS * 1000);
    const again = await Promise.all(ids.map((id, i) => send(senderOf(i), channel.id, id)));
    expect(again.map((a) => a.status)).toEqual(ids.map(() => 201));
    const all = ['before-the-burst', ...ids];
    await until(() => members.every((m) => delivered(m, channel.id).length >= all.length), 10_000);
    for (const m of members) {
      expect(m.socket.connected).toBe(true);
      const got = delivered(m, channel.id).map((msg: Message) => msg.clientMessageId);
      expect(got.sort()).toEqual([...all].sort());
    }
  });

  it('a lone pause shorter than the bound four times over refuses nothing', async () => {
    const channel = await makeChannel(room.app, room.alice);
    // The embedded database's work just now kept the loop from its timers; let it catch up.
    await pause(5 * MAX_LAG_MS);
    expect((await send(room.alice, channel.id, 'first')).status).toBe(201);
    // One late tick counts for a quarter of its length (messages/http/loop-lag.ts).
    const stopHog = hogLoop(2 * MAX_LAG_MS);
    await pause(1);
    stopHog();
    expect((await send(room.bob, channel.id, 'after-a-pause')).status).toBe(201);
  });
});
