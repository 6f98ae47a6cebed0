/**
 * Capacitor's native shell at its boundary: the bridge object its Android or iOS shell injects into
 * the page, which is what the app's platform check reads (services/device/platform.ts).
 */
export function stubNativeBridge(platform: () => string): void {
  Object.defineProperty(window, 'androidBridge', {
    configurable: true,
    get: () => (platform() === 'android' ? {} : undefined),
  });
  Object.defineProperty(window, 'webkit', {
    configurable: true,
    get: () => (platform() === 'ios' ? { messageHandlers: { bridge: {} } } : undefined),
  });
}
