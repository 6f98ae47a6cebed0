import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DARK_MODE_ENABLED_DEFAULT, DEFAULT_THEME, STORAGE_KEY_PREFIX } from '@stoop/shared';
import {
  darkModeFlag,
  isThemeMode,
  loadThemePreference,
  nextThemeMode,
  resolveTheme,
  THEME_PREFERENCE_KEY,
} from './theme.ts';
import { storage } from '../storage/storage.ts';
import { useThemeStore } from '../../stores/theme.ts';

type Listener = (e: MediaQueryListEvent) => void;
function stubMatchMedia(initialDark: boolean) {
  const listeners = new Set<Listener>();
  const mql = {
    matches: initialDark,
    addEventListener: (_: string, l: Listener) => listeners.add(l),
    removeEventListener: (_: string, l: Listener) => listeners.delete(l),
  };
  vi.stubGlobal('matchMedia', () => mql);
  return {
    set(dark: boolean) {
      mql.matches = dark;
      for (const l of listeners) l({ matches: dark } as MediaQueryListEvent);
    },
  };
}

describe('theme', () => {
  beforeEach(() => {
    localStorage.clear();
    useThemeStore.setState({ mode: 'light', resolved: 'light', darkModeEnabled: false, systemDark: false });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('R-THEME-1: default theme light and dark mode off by default', () => {
    expect(DEFAULT_THEME).toBe('light');
    expect(DARK_MODE_ENABLED_DEFAULT).toBe(false);
    expect(darkModeFlag({})).toBe(false);
    expect(darkModeFlag({ VITE_DARK_MODE_ENABLED: 'true' })).toBe(true);
    expect(loadThemePreference()).toBe('light');
  });

  it('R-THEME-2: when enabled the mode cycles light, dark, auto, light', () => {
    expect(nextThemeMode('light', true)).toBe('dark');
    expect(nextThemeMode('dark', true)).toBe('auto');
    expect(nextThemeMode('auto', true)).toBe('light');
  });

  it('R-THEME-2: when disabled every request stays light', () => {
    expect(nextThemeMode('light', false)).toBe('light');
    expect(resolveTheme('dark', false, true)).toBe('light');
    const store = useThemeStore.getState();
    store.setMode('dark');
    expect(useThemeStore.getState().mode).toBe('light');
    useThemeStore.getState().cycle();
    expect(useThemeStore.getState().resolved).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('R-THEME-3: saved under a preference key and loaded at startup', () => {
    stubMatchMedia(false);
    useThemeStore.getState().setDarkModeEnabled(true);
    useThemeStore.getState().cycle(); // light -> dark
    expect(localStorage.getItem(`${STORAGE_KEY_PREFIX}${THEME_PREFERENCE_KEY}`)).toContain('"dark"');
    useThemeStore.setState({ mode: 'light', resolved: 'light' });
    const stop = useThemeStore.getState().init();
    expect(useThemeStore.getState().mode).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    stop();
  });

  it('R-THEME-3: a saved theme must be light, dark or auto', () => {
    expect(['light', 'dark', 'auto', 'sepia', 3].map(isThemeMode)).toEqual([true, true, true, false, false]);
    storage.set(THEME_PREFERENCE_KEY, 'sepia');
    expect(loadThemePreference()).toBe('light');
    storage.set(THEME_PREFERENCE_KEY, 'auto');
    expect(loadThemePreference()).toBe('auto');
  });

  it('R-THEME-4: auto follows the system colour scheme live', () => {
    const system = stubMatchMedia(false);
    storage.set(THEME_PREFERENCE_KEY, 'auto');
    useThemeStore.getState().setDarkModeEnabled(true);
    const stop = useThemeStore.getState().init();
    expect(useThemeStore.getState().resolved).toBe('light');
    system.set(true);
    expect(useThemeStore.getState().resolved).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    system.set(false);
    expect(document.documentElement.dataset.theme).toBe('light');
    stop();
  });

  it('R-THEME-4, R-DELIVERY-12: asks the system scheme only while the mode is auto', () => {
    let asked = 0;
    const system = stubMatchMedia(true);
    const stubbed = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => {
      asked += 1;
      return stubbed(query);
    });
    useThemeStore.getState().setDarkModeEnabled(true);
    const stop = useThemeStore.getState().init();
    expect(asked).toBe(0);
    expect(useThemeStore.getState().resolved).toBe('light');
    useThemeStore.getState().setMode('auto');
    expect(useThemeStore.getState().resolved).toBe('dark');
    useThemeStore.getState().setMode('light');
    system.set(true);
    expect(useThemeStore.getState().resolved).toBe('light');
    stop();
  });
});
