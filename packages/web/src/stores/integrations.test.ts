import { beforeEach, describe, expect, it } from 'vitest';
import type { Integration } from '@stoop/shared';
import { applyLiveUpdate } from '../realtime/live-updates.ts';
import { useIntegrationsStore } from './integrations.ts';

beforeEach(() => useIntegrationsStore.getState().reset());

const source = (id: string, patch: Partial<Integration> = {}): Integration => ({
  id,
  type: 'rss',
  name: `Source ${id}`,
  conversationId: 'c1',
  conversationName: 'lobby',
  paused: false,
  lastActivityAt: null,
  createdAt: '2026-11-24T00:00:00.000Z',
  url: null,
  lastError: null,
  lastPolledAt: null,
  ...patch,
});

describe('integrations store, live (R-INTEG-8)', () => {
  it('integration:updated adds a new source last and replaces a known one in its place', () => {
    useIntegrationsStore.setState({ items: [source('a'), source('b')], loaded: true });
    applyLiveUpdate({ name: 'integration:updated', payload: { integration: source('c') } });
    const posted = source('a', { paused: true, lastActivityAt: '2026-11-24T06:00:00.000Z' });
    applyLiveUpdate({ name: 'integration:updated', payload: { integration: posted } });
    const { items } = useIntegrationsStore.getState();
    expect(items.map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(items[0]).toEqual(posted);
  });

  it('integration:removed drops the source and a webhook address still shown for it', () => {
    useIntegrationsStore.setState({
      items: [source('a', { type: 'webhook' }), source('b')],
      revealed: { integrationId: 'a', name: 'Source a', url: 'https://stoop.test/api/hooks/a/s' },
    });
    applyLiveUpdate({ name: 'integration:removed', payload: { integrationId: 'a' } });
    expect(useIntegrationsStore.getState().items.map((i) => i.id)).toEqual(['b']);
    expect(useIntegrationsStore.getState().revealed).toBeNull();
    applyLiveUpdate({ name: 'integration:removed', payload: { integrationId: 'unknown' } });
    expect(useIntegrationsStore.getState().items.map((i) => i.id)).toEqual(['b']);
  });
});
