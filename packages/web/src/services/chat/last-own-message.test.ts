import { describe, expect, it } from 'vitest';
import type { Message } from '@stoop/shared';
import { NO_MESSAGE_ABILITIES } from '@stoop/shared/no-abilities';
import { makeMessage } from './message-cache.fixtures.ts';
import { lastOwnEditable } from './last-own-message.ts';

const sent = () => false;
// What the server sends its author with a live message, and with one they may no longer edit.
const editable = { ...NO_MESSAGE_ABILITIES, edit: true, delete: true, react: true };
const notEditable = { ...NO_MESSAGE_ABILITIES, react: true };
const mine = (overrides: Partial<Message>) =>
  makeMessage({ userId: 'me', abilities: editable, ...overrides });

describe('Up arrow edits the last own message (R-MSG-19)', () => {
  it("finds the newest own message of the composer's stream", () => {
    const messages = [
      mine({ id: 'a' }),
      mine({ id: 'b' }),
      makeMessage({ id: 'c', userId: 'other', abilities: notEditable }),
      mine({ id: 'r', parentMessageId: 'a' }),
    ];
    expect(lastOwnEditable(messages, 'me', null, sent)?.id).toBe('b');
    expect(lastOwnEditable(messages, 'me', 'a', sent)?.id).toBe('r');
    expect(lastOwnEditable(messages, 'nobody', null, sent)).toBeNull();
  });

  it('skips deleted messages, poll and event cards and messages still on their way', () => {
    const messages = [
      mine({ id: 'a' }),
      mine({ id: 'd', deletedAt: '2026-01-01T00:00:00.000Z', abilities: NO_MESSAGE_ABILITIES }),
      mine({ id: 'p', pollId: 'poll' }),
      mine({ id: 'e', eventId: 'event' }),
      mine({ id: 'u', clientMessageId: 'pending', abilities: undefined }),
    ];
    expect(lastOwnEditable(messages, 'me', null, (m) => m.clientMessageId === 'pending')?.id).toBe('a');
  });

  it('R-ACCESS-9: goes by the edit ability the server sent, holding no rule of its own', () => {
    const messages = [
      mine({ id: 'a' }),
      // The server says no (whatever its reason): not offered, though it looks like an own message.
      mine({ id: 'refused', abilities: notEditable }),
      // A copy stored before abilities existed: its row offers no Edit, so neither does Up arrow.
      mine({ id: 'old', abilities: undefined }),
    ];
    expect(lastOwnEditable(messages, 'me', null, sent)?.id).toBe('a');
  });
});
