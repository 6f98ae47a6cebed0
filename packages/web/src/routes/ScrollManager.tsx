/**
 * Applies the R-GUARD-9 scroll rule after each navigation. Positions are remembered per history entry
 * (location.key), so going back restores where the reader was; a new entry has none and goes to
 * the top.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { applyScroll, decideScroll } from './scroll.ts';

export function ScrollManager() {
  const location = useLocation();
  const positions = useRef(new Map<string, number>());
  const currentKey = useRef(location.key);

  useEffect(() => {
    // The browser's own restoration would fight ours after client-side navigations.
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const onScroll = () => positions.current.set(currentKey.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    applyScroll(decideScroll(location.hash, positions.current.get(location.key)));
  }, [location.key, location.hash]);

  return null;
}
