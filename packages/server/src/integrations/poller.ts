import type { FastifyBaseLogger } from 'fastify';
import * as repo from './repo.ts';
import { pollFeed, type IntegrationContext } from './service.ts';

/** Feeds fetched at once per tick; more wait for the next tick. */
const FEEDS_PER_TICK = 8;
/** The poller looks for due feeds at least this often, whatever FEED_POLL_SECONDS says. */
const MAX_TICK_SECONDS = 30;

/**
 * R-INTEG-6: fetches the RSS, Atom and iCal sources that are due, every FEED_POLL_SECONDS each.
 * Feeds are claimed in the database, so several instances share the work without fetching one
 * feed twice. Started when the app is ready, stopped (and awaited) before the database closes.
 */
export class FeedPoller {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;

  constructor(
    private readonly ctx: IntegrationContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.stopped = false;
    const tickMs = Math.min(this.ctx.config.FEED_POLL_SECONDS, MAX_TICK_SECONDS) * 1000;
    this.timer = setInterval(() => this.wake(), tickMs);
    this.timer.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Polls now (a feed was connected, resumed or re-pointed); a poll already running is enough. */
  wake(): void {
    if (this.stopped || this.running) return;
    this.running = this.pollDue()
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'feed poll failed');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
      });
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
      if (due.length < FEEDS_PER_TICK || this.stopped) return fetched;
    }
  }

  /** Resolves when the poll in progress, if any, has finished (tests wait on it). */
  async idle(): Promise<void> {
    await this.running;
  }
}
