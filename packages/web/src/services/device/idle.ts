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

/**
 * Runs each step in a task of its own, in order, so start-up work that would add up to one long
 * task (opening the socket, four requests, the offline outbox's database) lets the browser paint
 * and answer input between steps. The first step runs in the next task, not in the
 * caller's (a React effect that runs in the same task as the render before it). Returns a cancel
 * function that drops the steps not yet run.
 */
export function runInTurns(steps: readonly (() => void)[]): () => void {
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const runNext = () => {
    steps[next++]?.();
    if (next < steps.length) timer = setTimeout(runNext, 0);
  };
  timer = setTimeout(runNext, 0);
  return () => {
    next = steps.length;
    if (timer !== undefined) clearTimeout(timer);
  };
}
