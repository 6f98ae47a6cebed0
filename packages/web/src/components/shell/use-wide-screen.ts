/**
 * Whether the screen is at least Tailwind's `lg` width (64rem), where the shell's sidebar is a fixed
 * column. Below it the column is not shown, so it is not rendered either: on a phone the sidebar
 * (navigation, conversation list, their icons) renders only in the drawer, when opened, instead
 * of as part of every page's first render. Without matchMedia (tests) the screen counts as wide.
 */
import { useSyncExternalStore } from 'react';

const WIDE_QUERY = '(min-width: 64rem)';

const hasMatchMedia = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

function subscribe(onChange: () => void): () => void {
  if (!hasMatchMedia()) return () => undefined;
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isWide = () => !hasMatchMedia() || window.matchMedia(WIDE_QUERY).matches;

export const useWideScreen = (): boolean => useSyncExternalStore(subscribe, isWide, () => true);
