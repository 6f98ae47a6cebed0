/**
 * The app's single toast outlet, mounted once at the root. Its defaults come from the toast
 * service (SPEC 9): bottom position, no auto-close, a close button on every toast, enter 400 ms
 * and leave 300 ms (the durations are CSS variables read by styles/theme.css).
 */
import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DEFAULTS } from '../services/toast.ts';
import { useThemeStore } from '../stores/theme.ts';

const animationVars = {
  '--toast-enter-ms': `${TOAST_DEFAULTS.enterMs}ms`,
  '--toast-leave-ms': `${TOAST_DEFAULTS.leaveMs}ms`,
} as CSSProperties;

export function AppToaster() {
  const resolved = useThemeStore((s) => s.resolved);
  return (
    <Toaster
      position={TOAST_DEFAULTS.position}
      duration={TOAST_DEFAULTS.duration}
      closeButton={TOAST_DEFAULTS.closeButton}
      theme={resolved}
      style={animationVars}
      className="stoop-toaster"
    />
  );
}
