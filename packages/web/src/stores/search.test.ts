import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSearchStore } from './search.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useSearchStore.setState({
    results: [],
    hits: [],
    total: 0,
    totalIsLowerBound: false,
    query: '',
    searched: null,
    loading: false,
  });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('R-SEARCH-1, R-SEARCH-2 search rules', () => {
  it('an empty or whitespace-only query clears the results and makes no call', async () => {
    useSearchStore.setState({ results: [{ id: 'x' } as never], total: 1 });
    await useSearchStore.getState().search('   ');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useSearchStore.getState().results).toEqual([]);
    expect(useSearchStore.getState().total).toBe(0);
  });

  it('a query calls GET /api/messages/search?q= and stores messages and total', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, {
        messages: [{ id: 'm1' }],
        hits: [{ messageId: 'm1' }],
        total: 7,
        totalIsLowerBound: false,
      }),
    );
    await useSearchStore.getState().search(' laundry ');
    expect(fetchMock.mock.calls[0]![0] as string).toContain('/api/messages/search?q=laundry');
    expect(useSearchStore.getState().total).toBe(7);
    expect(useSearchStore.getState().results).toHaveLength(1);
  });

  it('a search failure clears the results', async () => {
    useSearchStore.setState({ results: [{ id: 'x' } as never], total: 1 });
    fetchMock.mockResolvedValueOnce(json(500, { statusCode: 500, error: 'Internal', message: 'boom' }));
    await useSearchStore.getState().search('laundry');
    expect(useSearchStore.getState().results).toEqual([]);
    expect(useSearchStore.getState().total).toBe(0);
  });
});
