/**
 * Which shell the app runs in. Goes through Capacitor's own API (not user-agent sniffing) so the
 * native branch of the router guard can be tested by mocking @capacitor/core.
 */
import { Capacitor } from '@capacitor/core';

export type Platform = 'web' | 'android' | 'ios';

export function getPlatform(): Platform {
  const platform = Capacitor.getPlatform();
  return platform === 'android' || platform === 'ios' ? platform : 'web';
}

export function isNativePlatform(): boolean {
  return getPlatform() !== 'web';
}
