import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decideScroll } from './scroll.ts';
import { ScrollManager } from './ScrollManager.tsx';

function Layout() {
  return (
    <>
      <ScrollManager />
      <Outlet />
    </>
  );
}

function startAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: Layout,
        children: [
          { path: 'a', Component: () => <h1 id="section-2">A</h1> },
          { path: 'b', Component: () => <p>B</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

let scrollTo: ReturnType<typeof vi.fn<(options: ScrollToOptions) => void>>;
let scrollIntoView: ReturnType<typeof vi.fn<(options?: ScrollIntoViewOptions | boolean) => void>>;

beforeEach(() => {
  scrollTo = vi.fn<(options: ScrollToOptions) => void>();
  scrollIntoView = vi.fn<(options?: ScrollIntoViewOptions | boolean) => void>();
  window.scrollTo = scrollTo as typeof window.scrollTo;
  Element.prototype.scrollIntoView = scrollIntoView;
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('R-GUARD-9 scroll rule', () => {
  it('decides hash first, then a saved position, then the top', () => {
    expect(decideScroll('#intro', 300)).toEqual({ type: 'hash', targetId: 'intro' });
    expect(decideScroll('#caf%C3%A9', undefined)).toEqual({ type: 'hash', targetId: 'café' });
    expect(decideScroll('', 300)).toEqual({ type: 'restore', top: 300 });
    expect(decideScroll('', undefined)).toEqual({ type: 'top' });
  });

  it('R-GUARD-9: a hash smooth-scrolls to its target', async () => {
    const router = startAt('/b');
    await act(() => router.navigate('/a#section-2'));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
  });

  it('R-GUARD-9: going back restores the previous position, a new page goes to the top', async () => {
    const router = startAt('/a');
    Object.defineProperty(window, 'scrollY', { value: 420, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    await act(() => router.navigate('/b'));
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0 });
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/a');
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 420, left: 0 });
  });
});
