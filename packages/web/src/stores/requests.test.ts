import type { BuildingRequest, RequestDetail } from '@stoop/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, json } from '../test/fake-server.ts';
import { useRequestsStore } from './requests.ts';

const request = (updatedAt: string): BuildingRequest => ({
  id: 'r1',
  category: 'maintenance',
  title: 'Dripping tap',
  description: 'Kitchen tap drips all night.',
  status: 'open',
  requester: null,
  photoUrl: null,
  createdAt: '2026-11-24T08:00:00.000Z',
  updatedAt,
});

afterEach(() => {
  useRequestsStore.getState().reset();
  vi.unstubAllGlobals();
});

describe('request:updated on an open request (R-REQ-7)', () => {
  it('reads the detail again for a newer version, not for the version already shown', async () => {
    const newer = request('2026-11-24T09:00:00.000Z');
    const server = installFakeServer({
      'GET /api/requests/r1': () => json(200, { request: newer, history: [] }),
    });
    const shown = request('2026-11-24T08:30:00.000Z');
    useRequestsStore.setState({ detail: { request: shown, history: [] } satisfies RequestDetail });

    useRequestsStore.getState().applyUpdated(shown);
    expect(server.calls).toHaveLength(0);

    useRequestsStore.getState().applyUpdated(newer);
    await vi.waitFor(() =>
      expect(useRequestsStore.getState().detail?.request.updatedAt).toBe(newer.updatedAt),
    );
    expect(server.calls.map((c) => c.path)).toEqual(['/api/requests/r1']);
  });
});
