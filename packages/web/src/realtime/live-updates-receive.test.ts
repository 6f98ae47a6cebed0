// This test needs a page of its own (packages/web/vitest.shared.ts): it tests what happens the
// first time an event's schema group loads.
import { describe, expect, it } from 'vitest';
import { socketEventSchemas } from '@stoop/shared';
import { loadSocketEventSchema, loadedSocketEventSchema } from './socket-event-schemas.ts';
import { receiveLiveUpdate, SOCKET_EVENT_NAMES, liveUpdatesSettled } from './live-updates.ts';
import { useConversationsStore } from '../stores/conversations.ts';

const online = () => [...useConversationsStore.getState().online];

// The first test needs the presence group not loaded yet, and the second loads every group: in file order.
describe('live updates received from the socket (R-RT-2, R-DELIVERY-12)', { shuffle: false }, () => {
  it('apply in arrival order while their schema group loads, and drop a malformed one', async () => {
    expect(loadedSocketEventSchema('presence')).toBeUndefined();
    receiveLiveUpdate('presence', { online: ['a'] });
    receiveLiveUpdate('presence', { online: 'not a list' });
    receiveLiveUpdate('presence', { online: ['b'] });
    // Nothing is applied before the group has loaded and the earlier events have gone in.
    expect(online()).toEqual([]);
    await liveUpdatesSettled();
    expect(online()).toEqual(['b']);
    // Once loaded, an event applies at once.
    receiveLiveUpdate('presence', { online: ['c'] });
    expect(online()).toEqual(['c']);
  });

  it('lists every event the shared protocol has, with the shared schema of each', async () => {
    expect([...SOCKET_EVENT_NAMES].sort()).toEqual(Object.keys(socketEventSchemas).sort());
    for (const name of SOCKET_EVENT_NAMES)
      expect(await loadSocketEventSchema(name)).toBe(socketEventSchemas[name]);
  });
});
