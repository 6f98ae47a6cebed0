import { PeriodicRound } from '../periodic-round.ts';
import * as repo from './repo.ts';
import type { Context, Log } from '../context.ts';
import { pollFeed } from './service.ts';

/** Feeds fetched at once per tick; more wait for the next tick. */
const FEEDS_PER_TICK = 8;
/** The poller looks for due feeds at least this often, whatever FEED_POLL_SECONDS says. */
const MAX_TICK_SECONDS = 30;

/**
 * Fetches the RSS, Atom and iCal sources that are due, every FEED_POLL_SECONDS each.
 * Feeds are claimed in the database, so several instances share the work without fetching one
 * feed twice. Started when the app is ready, stopped (and awaited) before the database closes.
 */
export class FeedPoller {
  private readonly round: PeriodicRound;

  constructor(
    private readonly ctx: Context,
    private readonly log: Log,
  ) {
    const tickMs = Math.min(ctx.config.FEED_POLL_SECONDS, MAX_TICK_SECONDS) * 1000;
    this.round = new PeriodicRound(() => this.pollDue(), tickMs, log, 'feed poll failed');
  }

  start(): void {
    this.round.start();
  }

  stop(): Promise<void> {
    return this.round.stop();
  }

  /** Polls now (a feed was connected, resumed or re-pointed); a poll already running is enough. */
  wake(): void {
    this.round.wake();
  }

  /** Fetches every due feed once; answers how many were fetched. */
  async pollDue(): Promise<number> {
    let fetched = 0;
    for (;;) {
      const due = await repo.claimDueFeeds(this.ctx.db, this.ctx.config.FEED_POLL_SECONDS, FEEDS_PER_TICK);
      if (due.length === 0) return fetched;
      await Promise.all(
        due.map((row) =>
          pollFeed(this.ctx, row).catch((error: unknown) =>
            this.log.error({ err: error, integrationId: row.id }, 'feed poll failed'),
          ),
        ),
      );
      fetched += due.length;
      if (due.length < FEEDS_PER_TICK || this.round.stopping) return fetched;
    }
  }

  /** Resolves when the poll in progress, if any, has finished (tests wait on it). */
  idle(): Promise<void> {
    return this.round.idle();
  }
}
