/**
 * Which shell the app runs in. Reads the same native bridge objects Capacitor's own getPlatform
 * reads (not the user agent), without loading @capacitor/core: the native shell injects its bridge
 * before the page's scripts run, and the check is needed on the first load while the
 * Capacitor plugins load only inside the native shell.
 */
export type Platform = 'web' | 'android' | 'ios';

/** What Capacitor's Android and iOS bridges put on the page's window. */
interface NativeBridgeWindow {
  androidBridge?: unknown;
  webkit?: { messageHandlers?: { bridge?: unknown } };
}

export function getPlatform(): Platform {
  if (typeof window === 'undefined') return 'web';
  const bridges = window as NativeBridgeWindow;
  if (bridges.androidBridge) return 'android';
  if (bridges.webkit?.messageHandlers?.bridge) return 'ios';
  return 'web';
}

export function isNativePlatform(): boolean {
  return getPlatform() !== 'web';
}
