import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWideScreen } from './use-wide-screen.ts';

/** A matchMedia whose one query's answer the test sets, telling listeners as a browser would. */
function fakeMatchMedia(initiallyWide: boolean) {
  let wide = initiallyWide;
  const listeners = new Set<() => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      media: query,
      get matches() {
        return wide;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    })),
  );
  return (next: boolean) => {
    wide = next;
    for (const listener of listeners) listener();
  };
}

function Probe() {
  return <p>{useWideScreen() ? 'wide' : 'narrow'}</p>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useWideScreen', () => {
  it('follows the lg breakpoint as the window is resized', () => {
    const resize = fakeMatchMedia(false);
    render(<Probe />);
    expect(screen.getByText('narrow')).toBeTruthy();
    expect(window.matchMedia).toHaveBeenCalledWith('(min-width: 64rem)');
    act(() => resize(true));
    expect(screen.getByText('wide')).toBeTruthy();
    act(() => resize(false));
    expect(screen.getByText('narrow')).toBeTruthy();
  });
});
