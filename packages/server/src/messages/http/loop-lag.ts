/** How often the lag timer fires while it runs; its lateness is the event loop's. */
const TICK_MS = 20;
/** Weight of the newest tick in the running figure: about the last four ticks count. */
const NEWEST_WEIGHT = 0.25;
/** With no send asked about for this long the timer stops: an idle server is not woken 50 times a second. */
const IDLE_MS = 10_000;

export type LoopLag = {
  /** How late this process's event loop runs, ms: the lateness of its last ticks, averaged. */
  ms(): number;
  stop(): void;
};

/**
 * How far behind this process is, for the send admission (admission.ts). Every request, socket
 * write and (on the embedded database) every query shares one event loop; when more work comes in
 * than it gets through, a request waits in the kernel until a turn of the loop reads it, where no
 * counter of the server's sees it. A timer that should fire every TICK_MS fires as late as the loop runs behind, so its
 * lateness is the time a request arriving now waits before the server even reads it.
 *
 * The figure is an average over the last few ticks: a lone pause (a garbage collection, a long
 * query) is one late tick among punctual ones and counts for a quarter of its length, while a loop
 * that stays behind is late on every tick. The timer runs only while sends come in; the first one
 * after a quiet spell finds the figure at 0.
 */
export function loopLag(): LoopLag {
  let averaged = 0;
  let due = 0;
  let askedAt = 0;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    const now = performance.now();
    averaged += (Math.max(0, now - due) - averaged) * NEWEST_WEIGHT;
    due = now + TICK_MS;
    if (now - askedAt > IDLE_MS) stop();
  };
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
    averaged = 0;
  };
  return {
    ms() {
      const now = performance.now();
      askedAt = now;
      if (!timer) {
        due = now + TICK_MS;
        timer = setInterval(tick, TICK_MS);
        // Measuring never keeps the process alive.
        timer.unref();
      }
      // A tick already overdue counts as it stands: in one long turn of the loop (a burst read at
      // once) the lag grows before the timer can fire.
      return averaged + Math.max(0, now - due - averaged) * NEWEST_WEIGHT;
    },
    stop,
  };
}
