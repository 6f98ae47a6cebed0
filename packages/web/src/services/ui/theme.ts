/**
 * Theme rules (R-THEME-1, R-THEME-0, R-THEME-3): light by default; dark mode exists behind a flag that is off by
 * default; when enabled the mode cycles light → dark → auto → light, when disabled every request
 * stays light; the preference is saved under one key and loaded at start; a saved value must be
 * light, dark or auto; auto follows prefers-color-scheme live.
 */
import { DARK_MODE_ENABLED_DEFAULT, DEFAULT_THEME } from '@stoop/shared';
import { storage } from '../storage/storage.ts';

const THEME_MODES = ['light', 'dark', 'auto'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export type ResolvedTheme = 'light' | 'dark';

/** Storage key of the preference (storage adds the 'tlbot_' prefix). */
export const THEME_PREFERENCE_KEY = 'theme-preference';
const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export const DEFAULT_THEME_MODE: ThemeMode = DEFAULT_THEME;

export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === 'string' && (THEME_MODES as readonly string[]).includes(value);
}

/**
 * The flag: off unless the build sets VITE_DARK_MODE_ENABLED=true (DARK_MODE_ENABLED_DEFAULT is
 * the default when the variable is absent).
 */
export function darkModeFlag(env: Record<string, unknown> = import.meta.env): boolean {
  const raw = env.VITE_DARK_MODE_ENABLED;
  if (raw === 'true' || raw === true) return true;
  if (raw === 'false' || raw === false) return false;
  return DARK_MODE_ENABLED_DEFAULT;
}

/** Next mode of the toggle; with dark mode disabled every request stays light. */
export function nextThemeMode(current: ThemeMode, darkModeEnabled: boolean): ThemeMode {
  if (!darkModeEnabled) return 'light';
  switch (current) {
    case 'light':
      return 'dark';
    case 'dark':
      return 'auto';
    case 'auto':
      return 'light';
  }
}

/** A requested mode as it may take effect: anything but light is refused while disabled. */
export function allowedMode(requested: ThemeMode, darkModeEnabled: boolean): ThemeMode {
  return darkModeEnabled ? requested : 'light';
}

export function resolveTheme(
  mode: ThemeMode,
  darkModeEnabled: boolean,
  systemPrefersDark: boolean,
): ResolvedTheme {
  const effective = allowedMode(mode, darkModeEnabled);
  if (effective === 'auto') return systemPrefersDark ? 'dark' : 'light';
  return effective;
}

/** The saved preference; a missing or invalid value gives the default (light). */
export function loadThemePreference(): ThemeMode {
  const saved = storage.get<string>(THEME_PREFERENCE_KEY, DEFAULT_THEME_MODE);
  return isThemeMode(saved) ? saved : DEFAULT_THEME_MODE;
}

export function saveThemePreference(mode: ThemeMode): void {
  storage.set(THEME_PREFERENCE_KEY, mode);
}

export function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_SCHEME_QUERY).matches
    : false;
}

/** Follows the system colour scheme live; returns the unsubscribe function. */
export function watchSystemScheme(onChange: (prefersDark: boolean) => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(DARK_SCHEME_QUERY);
  const listener = (event: MediaQueryListEvent) => onChange(event.matches);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** Puts the theme on <html>: `data-theme` drives the palette in styles/theme.css. */
export function applyTheme(resolved: ResolvedTheme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = resolved;
  root.style.colorScheme = resolved;
}
