import type { FastifyBaseLogger } from 'fastify';
import { sendDueReminders, type EventContext } from './service.ts';

/** How often the scheduler looks for reminders that fell due. */
const REMINDER_TICK_MS = 30_000;

export type ReminderOptions = {
  /** Between looks; tests pass a few milliseconds. */
  intervalMs?: number;
  /** The scheduler's clock; tests inject one. */
  now?: () => Date;
};

/**
 * R-EVENT-7: sends event reminders from a timer started with the app and stopped (and awaited)
 * before the database closes. Each reminder is claimed by a row, so several instances, or a restart
 * in the middle of a round, never send one twice.
 */
export class EventReminderScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;
  private readonly intervalMs: number;
  private readonly now: () => Date;

  constructor(
    private readonly ctx: EventContext,
    private readonly log: FastifyBaseLogger,
    options: ReminderOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? REMINDER_TICK_MS;
    this.now = options.now ?? (() => new Date());
  }

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

  /** One round now, unless one is running already. */
  wake(): void {
    if (this.stopped || this.running) return;
    this.running = sendDueReminders(this.ctx, this.now())
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'event reminders failed');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
      });
  }
}
