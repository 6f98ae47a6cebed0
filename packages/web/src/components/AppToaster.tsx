/**
 * The app's single toast outlet, mounted once at the root. Its defaults come from the toast
 * service: bottom position, no auto-close, a close button on every toast, enter 400 ms
 * and leave 300 ms (the durations are CSS variables read by styles/theme.css); its bottom offset
 * clears the composer and dialog buttons. It also mounts the PWA update prompt.
 *
 * sonner is not part of the first load: the outlet renders its Toaster once the
 * toast service has loaded it, for the first toast or a few seconds after the page has loaded.
 */
import { useEffect, useState, type CSSProperties } from 'react';
import { whenPageIdle } from '../services/device/idle.ts';
import { loadToasts, TOAST_DEFAULTS, toastOutlet } from '../services/ui/toast.ts';
import { useThemeStore } from '../stores/theme.ts';
// Part of the first load on purpose: it speaks when a new version is deployed, and by then this
// version's own chunks may be gone from the server, so it must not be loaded on demand.
import { UpdatePrompt } from './UpdatePrompt.tsx';

type SonnerModule = Awaited<ReturnType<typeof loadToasts>>;

/** Above the composer or a dialog's buttons when they sit where toasts appear. */
const offset = { bottom: 'max(24px, var(--toast-clearance, 0px))' };
const mobileOffset = { bottom: 'max(16px, var(--toast-clearance, 0px))' };

const animationVars = {
  '--toast-enter-ms': `${TOAST_DEFAULTS.enterMs}ms`,
  '--toast-leave-ms': `${TOAST_DEFAULTS.leaveMs}ms`,
} as CSSProperties;

/** Rendered after the Toaster, so its effect runs once the Toaster has subscribed to new toasts. */
function ToasterListening() {
  useEffect(() => toastOutlet.ready(), []);
  return null;
}

export function AppToaster() {
  const resolved = useThemeStore((s) => s.resolved);
  const [sonner, setSonner] = useState<SonnerModule | null>(null);
  useEffect(() => toastOutlet.attach(setSonner), []);
  // A few seconds after the page has loaded, so a toast shown offline later still finds sonner.
  useEffect(
    () =>
      sonner === null
        ? whenPageIdle(() => void loadToasts().catch(() => undefined), { delayMs: 4000, timeoutMs: 5000 })
        : undefined,
    [sonner],
  );
  // The clearance matters only once toasts can show, so it loads with sonner (loadToasts), off the
  // first load; by the time sonner is here the import below is already settled.
  useEffect(() => {
    if (sonner === null) return undefined;
    let stop: (() => void) | undefined;
    let ended = false;
    void import('../services/ui/toast-clearance.ts').then(({ watchToastClearance }) => {
      if (!ended) stop = watchToastClearance();
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [sonner]);
  return (
    <>
      {sonner ? (
        <>
          <sonner.Toaster
            position={TOAST_DEFAULTS.position}
            duration={TOAST_DEFAULTS.duration}
            closeButton={TOAST_DEFAULTS.closeButton}
            offset={offset}
            mobileOffset={mobileOffset}
            theme={resolved}
            style={animationVars}
            className="stoop-toaster"
          />
          <ToasterListening />
        </>
      ) : null}
      {/* The PWA reload prompt and offline-ready toast live with the toasts (one mount point). */}
      <UpdatePrompt />
    </>
  );
}
