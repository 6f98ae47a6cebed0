import { describe, expect, it } from 'vitest';
import { makeMessage } from './message-cache.fixtures.ts';
import { lastOwnEditable } from './last-own-message.ts';

const sent = () => false;

describe('Up arrow edits the last own message (R-MSG-19)', () => {
  it("finds the newest own message of the composer's stream", () => {
    const messages = [
      makeMessage({ id: 'a', userId: 'me' }),
      makeMessage({ id: 'b', userId: 'me' }),
      makeMessage({ id: 'c', userId: 'other' }),
      makeMessage({ id: 'r', userId: 'me', parentMessageId: 'a' }),
    ];
    expect(lastOwnEditable(messages, 'me', null, sent)?.id).toBe('b');
    expect(lastOwnEditable(messages, 'me', 'a', sent)?.id).toBe('r');
    expect(lastOwnEditable(messages, 'nobody', null, sent)).toBeNull();
  });

  it('skips deleted messages, poll and event cards and messages still on their way', () => {
    const messages = [
      makeMessage({ id: 'a', userId: 'me' }),
      makeMessage({ id: 'd', userId: 'me', deletedAt: '2026-01-01T00:00:00.000Z' }),
      makeMessage({ id: 'p', userId: 'me', pollId: 'poll' }),
      makeMessage({ id: 'e', userId: 'me', eventId: 'event' }),
      makeMessage({ id: 'u', userId: 'me', clientMessageId: 'pending' }),
    ];
    expect(lastOwnEditable(messages, 'me', null, (m) => m.clientMessageId === 'pending')?.id).toBe('a');
  });
});
