/**
 * Theme store: the saved mode, what it resolves to now, and the dark-mode flag. `init()` runs once
 * at start (platform-start.ts): it loads the preference, applies it and follows the system scheme.
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
  const update = (patch: Partial<Pick<ThemeState, 'mode' | 'darkModeEnabled' | 'systemDark'>>) => {
    const next = { ...get(), ...patch };
    const mode = allowedMode(next.mode, next.darkModeEnabled);
    const resolved = resolveTheme(mode, next.darkModeEnabled, next.systemDark);
    set({ ...patch, mode, resolved });
    applyTheme(resolved);
  };
  return {
    mode: DEFAULT_THEME_MODE,
    resolved: 'light',
    darkModeEnabled: darkModeFlag(),
    systemDark: false,
    init() {
      update({ mode: loadThemePreference(), systemDark: systemPrefersDark() });
      return watchSystemScheme((systemDark) => update({ systemDark }));
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
