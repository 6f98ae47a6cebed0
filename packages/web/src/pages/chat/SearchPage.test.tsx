import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrowserRouter } from 'react-router';
import { installFakeServer, json } from '../../test/fake-server.ts';
import SearchPage from './SearchPage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('R-SEARCH-8 the search page follows the address', () => {
  it('a back puts the address query in the box, also when the router never rendered the entry left', () => {
    installFakeServer({
      'GET /api/messages/search': () =>
        json(200, { messages: [], hits: [], conversations: [], total: 0, totalIsLowerBound: false }),
    });
    window.history.replaceState(null, '', '/main_dashboard/search?q=tomat');
    render(
      <BrowserRouter>
        <SearchPage />
      </BrowserRouter>,
    );
    const box = screen.getByRole('combobox', { name: 'Search messages' });
    expect((box as HTMLInputElement).value).toBe('tomat');
    // A new query went into the box and its navigation was superseded by a quick back before the
    // router rendered it: the router's next render has the address it had already rendered.
    fireEvent.change(box, { target: { value: 'courtyard ripe' } });
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect((box as HTMLInputElement).value).toBe('tomat');
  });
});
