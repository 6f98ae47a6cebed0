import { PeriodicRound } from '../periodic-round.ts';
import { sendDueReminders } from './service.ts';
import type { Context, Log } from '../context.ts';

/** How often the scheduler looks for reminders that fell due. */
const REMINDER_TICK_MS = 30_000;

export type ReminderOptions = {
  /** Between looks; tests pass a few milliseconds. */
  intervalMs?: number;
  /** The scheduler's clock; tests inject one. */
  now?: () => Date;
};

/**
 * Sends event reminders from a timer started with the app and stopped (and awaited)
 * before the database closes. Each reminder is claimed by a row, so several instances, or a restart
 * in the middle of a round, never send one twice.
 */
export class EventReminderScheduler {
  private readonly round: PeriodicRound;

  constructor(ctx: Context, log: Log, options: ReminderOptions = {}) {
    const now = options.now ?? (() => new Date());
    this.round = new PeriodicRound(
      () => sendDueReminders(ctx, now()),
      options.intervalMs ?? REMINDER_TICK_MS,
      log,
      'event reminders failed',
    );
  }

  start(): void {
    this.round.start();
  }

  stop(): Promise<void> {
    return this.round.stop();
  }

  /** One round now, unless one is running already. */
  wake(): void {
    this.round.wake();
  }
}
