import type { Log } from './context.ts';

/**
 * A round of background work run every `intervalMs` and on demand, never two at once: a wake
 * while a round runs is enough as it is, since the running round will see the same due rows. The
 * timer does not keep the process alive, and `stop` waits for the round in flight so the database
 * can close after it. A failed round is logged and the next tick tries again.
 */
export class PeriodicRound {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;

  constructor(
    private readonly round: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly log: Log,
    private readonly failure: string,
  ) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.intervalMs);
    this.timer.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** True once `stop` was called: a long round checks it between batches. */
  get stopping(): boolean {
    return this.stopped;
  }

  /** Resolves when the round in flight, if any, has finished (tests wait on it). */
  async idle(): Promise<void> {
    await this.running;
  }

  /** One round now, unless one is running already or the timer is stopped. */
  wake(): void {
    if (this.stopped || this.running) return;
    this.running = this.round()
      .catch((error: unknown) => this.log.error({ err: error }, this.failure))
      .finally(() => {
        this.running = undefined;
      });
  }
}
