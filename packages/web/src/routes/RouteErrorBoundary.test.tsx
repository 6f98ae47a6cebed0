import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../services/logger/logger.ts';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';

function Broken(): never {
  throw new Error('render failed');
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('RouteErrorBoundary', () => {
  it('shows the error page for a screen whose chunk failed to load', () => {
    render(
      <RouteErrorBoundary resetKey="a" error={new TypeError('Failed to fetch dynamically imported module')}>
        <p>screen</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeTruthy();
    expect(screen.queryByText('screen')).toBeNull();
  });

  it('shows the error page, and logs, when a screen throws while rendering', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    render(
      <RouteErrorBoundary resetKey="a" error={null}>
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('render failed')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('A screen failed to render', expect.any(Error));
  });

  it('clears a caught error when the location changes, and keeps the screen mounted otherwise', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    let broken = true;
    function MaybeBroken() {
      if (broken) throw new Error('render failed');
      return <p>screen</p>;
    }
    const view = (resetKey: string) => (
      <RouteErrorBoundary resetKey={resetKey} error={null}>
        <MaybeBroken />
      </RouteErrorBoundary>
    );
    const { rerender } = render(view('a'));
    expect(screen.getByText('render failed')).toBeTruthy();
    broken = false;
    rerender(view('a'));
    expect(screen.getByText('render failed')).toBeTruthy();
    rerender(view('b'));
    expect(screen.getByText('screen')).toBeTruthy();
  });

  it('shows the screen when nothing failed', () => {
    render(
      <RouteErrorBoundary resetKey="a" error={null}>
        <p>screen</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('screen')).toBeTruthy();
  });
});
