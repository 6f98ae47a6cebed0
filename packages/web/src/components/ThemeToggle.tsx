/**
 * Cycles the theme light → dark → auto → light. Dark mode is behind a flag that is off by default;
 * while it is off the toggle is not shown, since every request would stay light anyway.
 */
import { Monitor, Moon, Sun } from 'lucide-react';
import { useThemeStore } from '../stores/theme.ts';
import { nextThemeMode, type ThemeMode } from '../services/ui/theme.ts';

const LABEL: Record<ThemeMode, string> = { light: 'Light', dark: 'Dark', auto: 'Auto (system)' };
const ICON = { light: Sun, dark: Moon, auto: Monitor } as const;

export function ThemeToggle() {
  const mode = useThemeStore((s) => s.mode);
  const enabled = useThemeStore((s) => s.darkModeEnabled);
  const cycle = useThemeStore((s) => s.cycle);
  if (!enabled) return null;
  const Icon = ICON[mode];
  const next = LABEL[nextThemeMode(mode, enabled)];
  return (
    <button
      type="button"
      onClick={cycle}
      className="inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100"
      aria-label={`Theme: ${LABEL[mode]}. Switch to ${next}`}
      title={`Theme: ${LABEL[mode]}`}
    >
      <Icon aria-hidden="true" size={16} />
      <span>{LABEL[mode]}</span>
    </button>
  );
}
