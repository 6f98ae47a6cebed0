/**
 * The one toast service (R-PWA-7 toast defaults). Every user-visible error of R-ERR-10 goes through
 * `toast.error(...)`, so position, duration and close button are decided here and nowhere else.
 */
import { toast as sonner, type ExternalToast } from 'sonner';
import { TOAST_DURATION_MS, TOAST_ENTER_MS, TOAST_LEAVE_MS, TOAST_POSITION } from '@stoop/shared';

/**
 * R-PWA-7 says "duration 0 (no auto-close)"; sonner treats 0 as "close at once", so 0 maps to
 * Infinity. Any other value passes through.
 */
export function sonnerDuration(durationMs: number): number {
  return durationMs === 0 ? Number.POSITIVE_INFINITY : durationMs;
}

/** Options every toast gets; a toast that never closes by itself must always be closable. */
export const TOAST_DEFAULTS = {
  position: TOAST_POSITION,
  duration: sonnerDuration(TOAST_DURATION_MS),
  closeButton: true,
  enterMs: TOAST_ENTER_MS,
  leaveMs: TOAST_LEAVE_MS,
} as const;

export interface ToastOptions {
  /** Extra line under the message. */
  description?: string;
  /** Stable id: showing a toast with the same id replaces it instead of stacking a copy. */
  id?: string;
}

function options(opts?: ToastOptions): ExternalToast {
  const out: ExternalToast = {
    duration: TOAST_DEFAULTS.duration,
    closeButton: TOAST_DEFAULTS.closeButton,
  };
  if (opts?.description !== undefined) out.description = opts.description;
  if (opts?.id !== undefined) out.id = opts.id;
  return out;
}

export const toast = {
  error(message: string, opts?: ToastOptions): string | number {
    return sonner.error(message, options(opts));
  },
  success(message: string, opts?: ToastOptions): string | number {
    return sonner.success(message, options(opts));
  },
  info(message: string, opts?: ToastOptions): string | number {
    return sonner.info(message, options(opts));
  },
  dismiss(id?: string | number): void {
    sonner.dismiss(id);
  },
};
