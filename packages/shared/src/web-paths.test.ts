import { describe, expect, it } from 'vitest';
import { messageAnchor, messageHash, messageIdFromHash, messagePath } from './web-paths.ts';

describe('message links', () => {
  it('reads the #message-{id} jump links of the search page', () => {
    expect(messageIdFromHash('#message-m%2F1')).toBe('m/1');
    expect(messageIdFromHash('#message-')).toBeNull();
    expect(messageIdFromHash('#top')).toBeNull();
    expect(messageIdFromHash('#message-%E0%A4%A')).toBeNull();
  });

  it('writes the hash that the row with the anchor id answers, and reads it back', () => {
    expect(messageHash('m/1')).toBe('#message-m%2F1');
    expect(messageIdFromHash(messageHash('m/1'))).toBe('m/1');
    expect(messageAnchor('m1')).toBe('message-m1');
    expect(messagePath({ id: 'c1', type: 'channel' }, { id: 'm1', parentMessageId: null })).toBe(
      '/main_dashboard/conversations/channel/c1#message-m1',
    );
    expect(messagePath({ id: 'c1', type: 'direct' }, { id: 'm2', parentMessageId: 'm1' })).toBe(
      '/main_dashboard/thread/m1#message-m2',
    );
  });
});
