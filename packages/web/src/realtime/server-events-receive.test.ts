// This test needs a page of its own (packages/web/vitest.shared.ts): it tests what happens the
// first time an event's schema group loads.
import { describe, expect, it } from 'vitest';
import { serverEventSchemas } from '@stoop/shared';
import { loadEventSchema, loadedEventSchema } from './event-schemas.ts';
import { receiveServerEvent, SERVER_EVENT_NAMES, serverEventsSettled } from './server-events.ts';
import { useConversationsStore } from '../stores/conversations.ts';

const online = () => [...useConversationsStore.getState().online];

describe('server events received from the socket (R-RT-2, R-DELIVERY-12)', () => {
  it('apply in arrival order while their schema group loads, and drop a malformed one', async () => {
    expect(loadedEventSchema('presence')).toBeUndefined();
    receiveServerEvent('presence', { online: ['a'] });
    receiveServerEvent('presence', { online: 'not a list' });
    receiveServerEvent('presence', { online: ['b'] });
    // Nothing is applied before the group has loaded and the earlier events have gone in.
    expect(online()).toEqual([]);
    await serverEventsSettled();
    expect(online()).toEqual(['b']);
    // Once loaded, an event applies at once.
    receiveServerEvent('presence', { online: ['c'] });
    expect(online()).toEqual(['c']);
  });

  it('lists every event the shared protocol has, with the shared schema of each', async () => {
    expect([...SERVER_EVENT_NAMES].sort()).toEqual(Object.keys(serverEventSchemas).sort());
    for (const name of SERVER_EVENT_NAMES) expect(await loadEventSchema(name)).toBe(serverEventSchemas[name]);
  });
});
