/**
 * The one toast service (R-PWA-7 toast defaults). Every user-visible error of R-ERR-10 goes through
 * `toast.error(...)`, so position, duration and close button are decided here and nowhere else.
 * Errors never close by themselves; information and success do. A toast repeated while
 * the same one is open counts up instead of stacking (R-PWA-9).
 *
 * sonner is its own chunk: most page loads never show a toast, so it loads with the
 * first one (or once the page is idle, see AppToaster). Calls made before it arrives wait in order
 * and run once the module has loaded and the app's outlet (AppToaster) listens, since a toast sent
 * before sonner's Toaster subscribes would never show.
 */
import type { ExternalToast } from 'sonner';
import {
  TOAST_DURATION_MS,
  TOAST_ENTER_MS,
  TOAST_INFO_DURATION_MS,
  TOAST_LEAVE_MS,
  TOAST_POSITION,
} from '@stoop/shared';

type SonnerModule = typeof import('sonner');
type SonnerToast = SonnerModule['toast'];

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

let loading: Promise<SonnerModule> | null = null;
let sonnerModule: SonnerModule | null = null;
let sonner: SonnerToast | null = null;
/** True while an outlet is mounted whose Toaster has not subscribed yet. */
let outletPending = false;
let queue: ((t: SonnerToast) => void)[] = [];
const loadListeners = new Set<(module: SonnerModule) => void>();

function flush(): void {
  if (sonner === null || outletPending) return;
  const calls = queue;
  queue = [];
  for (const call of calls) call(sonner);
}

/**
 * Loads sonner once, with the toast clearance (AppToaster starts it as the Toaster mounts, so no toast
 * shows before it is in place); resolves with sonner's module (AppToaster renders its Toaster from it).
 */
export function loadToasts(): Promise<SonnerModule> {
  loading ??= Promise.all([import('sonner'), import('./toast-clearance.ts')]).then(([module]) => {
    sonnerModule = module;
    sonner = module.toast;
    for (const listener of loadListeners) listener(module);
    flush();
    return module;
  });
  return loading;
}

/**
 * The outlet's side of the hand-over: `attach` when the outlet mounts (toasts then wait for its
 * Toaster), `ready` once the Toaster listens, `detach` when it unmounts.
 */
export const toastOutlet = {
  attach(onLoad: (module: SonnerModule) => void): () => void {
    outletPending = true;
    loadListeners.add(onLoad);
    if (sonnerModule !== null) onLoad(sonnerModule);
    return () => {
      loadListeners.delete(onLoad);
      outletPending = false;
      flush();
    };
  },
  ready(): void {
    outletPending = false;
    flush();
  },
};

function run(call: (t: SonnerToast) => void): void {
  if (sonner !== null && !outletPending && queue.length === 0) {
    call(sonner);
    return;
  }
  queue.push(call);
  void loadToasts();
}

type ToastKind = 'error' | 'success' | 'info';

function options(kind: ToastKind, opts?: ToastOptions): ExternalToast {
  const out: ExternalToast = {
    duration: kind === 'error' ? TOAST_DEFAULTS.duration : sonnerDuration(TOAST_INFO_DURATION_MS),
    closeButton: TOAST_DEFAULTS.closeButton,
  };
  if (opts?.description !== undefined) out.description = opts.description;
  return out;
}

/** The title of a toast shown `count` times while open (R-PWA-9). */
function countedTitle(message: string, count: number): string {
  return count > 1 ? `${message} \u00d7${count}` : message;
}

/** Toasts on screen, by their key (the caller's id, else kind and text), with how often they were shown. */
const openToasts = new Map<string, { id: string; message: string; count: number }>();
let generatedIds = 0;

function show(kind: ToastKind, message: string, opts?: ToastOptions): string {
  const key = opts?.id ?? `${kind}\u0000${message}\u0000${opts?.description ?? ''}`;
  const open = openToasts.get(key);
  const id = opts?.id ?? open?.id ?? `toast-${(generatedIds += 1)}`;
  // A caller's id shown with a new text replaces the toast: the count starts again.
  const count = open !== undefined && open.message === message ? open.count + 1 : 1;
  openToasts.set(key, { id, message, count });
  const forget = () => {
    if (openToasts.get(key)?.id === id) openToasts.delete(key);
  };
  run((t) =>
    t[kind](countedTitle(message, count), {
      ...options(kind, opts),
      id,
      onDismiss: forget,
      onAutoClose: forget,
    }),
  );
  return id;
}

/** Each call returns the toast's id (the caller's `opts.id`, else one made here). */
export const toast = {
  error: (message: string, opts?: ToastOptions): string => show('error', message, opts),
  success: (message: string, opts?: ToastOptions): string => show('success', message, opts),
  info: (message: string, opts?: ToastOptions): string => show('info', message, opts),
  dismiss(id?: string | number): void {
    for (const [key, open] of openToasts) if (id === undefined || open.id === id) openToasts.delete(key);
    run((t) => t.dismiss(id));
  },
};
