/**
 * Runs work the first screen does not need once the page has loaded and the browser is idle, so
 * it neither competes with the first paint for bandwidth nor adds long tasks while the page starts.
 * Returns a cancel function.
 */
export function whenPageIdle(work: () => void, { timeoutMs = 1000, delayMs = 0 } = {}): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const run = () => {
    if (!cancelled) work();
  };
  const schedule = () => {
    if (cancelled) return;
    timer = setTimeout(() => {
      if (cancelled) return;
      if (typeof window.requestIdleCallback === 'function')
        idle = window.requestIdleCallback(run, { timeout: timeoutMs });
      else run();
    }, delayMs);
  };
  if (typeof window === 'undefined' || document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (timer !== undefined) clearTimeout(timer);
    if (idle !== undefined && typeof window.cancelIdleCallback === 'function')
      window.cancelIdleCallback(idle);
  };
}
