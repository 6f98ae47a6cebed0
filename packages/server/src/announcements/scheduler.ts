import { PeriodicRound } from '../periodic-round.ts';
import type { Context, Log } from '../context.ts';
import { sendDueScheduled } from './service.ts';

/** How often scheduled announcements are looked for: a minute's precision is what an admin expects. */
const SCHEDULE_TICK_MS = 15_000;

/**
 * Sends scheduled announcements when their time comes. Each is claimed by one UPDATE,
 * so several instances never send one twice.
 */
export function announcementScheduler(ctx: Context, log: Log, intervalMs = SCHEDULE_TICK_MS) {
  return new PeriodicRound(
    () => sendDueScheduled(ctx, new Date()),
    intervalMs,
    log,
    'scheduled announcements failed',
  );
}
