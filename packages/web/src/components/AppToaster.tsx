/**
 * The app's single toast outlet, mounted once at the root. Its defaults come from the toast
 * service (R-PWA-7): bottom position, no auto-close, a close button on every toast, enter 400 ms
 * and leave 300 ms (the durations are CSS variables read by styles/theme.css). It also mounts the
 * PWA update prompt.
 */
import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DEFAULTS } from '../services/ui/toast.ts';
import { useThemeStore } from '../stores/theme.ts';
import { UpdatePrompt } from './UpdatePrompt.tsx';

const animationVars = {
  '--toast-enter-ms': `${TOAST_DEFAULTS.enterMs}ms`,
  '--toast-leave-ms': `${TOAST_DEFAULTS.leaveMs}ms`,
} as CSSProperties;

export function AppToaster() {
  const resolved = useThemeStore((s) => s.resolved);
  return (
    <>
      <Toaster
        position={TOAST_DEFAULTS.position}
        duration={TOAST_DEFAULTS.duration}
        closeButton={TOAST_DEFAULTS.closeButton}
        theme={resolved}
        style={animationVars}
        className="stoop-toaster"
      />
      {/* The PWA reload prompt and offline-ready toast live with the toasts (one mount point). */}
      <UpdatePrompt />
    </>
  );
}
