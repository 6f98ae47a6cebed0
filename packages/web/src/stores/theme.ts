/**
 * Theme store: the saved mode, what it resolves to now, and the dark-mode flag. `init()` runs once
 * at start (platform-start.ts): it loads the preference, applies it and, while the mode is auto,
 * follows the system scheme.
 */
import { create } from 'zustand';
import {
  allowedMode,
  applyTheme,
  darkModeFlag,
  DEFAULT_THEME_MODE,
  loadThemePreference,
  nextThemeMode,
  resolveTheme,
  saveThemePreference,
  systemPrefersDark,
  watchSystemScheme,
  type ResolvedTheme,
  type ThemeMode,
} from '../services/ui/theme.ts';

interface ThemeState {
  mode: ThemeMode;
  resolved: ResolvedTheme;
  darkModeEnabled: boolean;
  systemDark: boolean;
  init: () => () => void;
  setMode: (mode: ThemeMode) => void;
  cycle: () => void;
  /** For tests and a future settings switch. */
  setDarkModeEnabled: (enabled: boolean) => void;
}

export const useThemeStore = create<ThemeState>()((set, get) => {
  /** Set between init() and its stop: the system scheme is followed while the mode is auto. */
  let following = false;
  let unwatch: (() => void) | null = null;
  const update = (patch: Partial<Pick<ThemeState, 'mode' | 'darkModeEnabled' | 'systemDark'>>) => {
    const next = { ...get(), ...patch };
    const mode = allowedMode(next.mode, next.darkModeEnabled);
    // The system's scheme is asked only while it decides (mode auto): the first matchMedia call
    // costs a style pass while the page starts, and light or dark never needs it.
    if (mode === 'auto' && following && !unwatch) {
      next.systemDark = systemPrefersDark();
      unwatch = watchSystemScheme((systemDark) => update({ systemDark }));
    } else if (mode !== 'auto' && unwatch) {
      unwatch();
      unwatch = null;
    }
    const resolved = resolveTheme(mode, next.darkModeEnabled, next.systemDark);
    set({ ...patch, systemDark: next.systemDark, mode, resolved });
    applyTheme(resolved);
  };
  return {
    mode: DEFAULT_THEME_MODE,
    resolved: 'light',
    darkModeEnabled: darkModeFlag(),
    systemDark: false,
    init() {
      following = true;
      update({ mode: loadThemePreference() });
      return () => {
        following = false;
        unwatch?.();
        unwatch = null;
      };
    },
    setMode(mode) {
      update({ mode });
      saveThemePreference(get().mode);
    },
    cycle() {
      get().setMode(nextThemeMode(get().mode, get().darkModeEnabled));
    },
    setDarkModeEnabled(enabled) {
      update({ darkModeEnabled: enabled });
    },
  };
});
