import { createHash } from 'node:crypto';
import type { Log } from '../context.ts';
import type { PushMessage } from '@stoop/shared';
import type { Db } from '../db/client.ts';
import type { PushJobRow, PushPayload, PushTokenRow } from '../db/schema/index.ts';
import * as repo from './repo.ts';
import type { PushSender, SendOptions, SendOutcome } from './sender.ts';

export type DispatcherOptions = {
  maxAttempts: number;
  retryBaseMs: number;
  pollMs: number;
  /** After at least one device took the job (an announcement's receipt). */
  onDelivered?: (job: PushJobRow) => Promise<void>;
  /**
   * Sends by platform; a missing platform is kept and skipped. `native` (FCM) sends to android, and
   * to ios unless `ios` (APNs) is set.
   */
  senders: { web?: PushSender | undefined; native?: PushSender | undefined; ios?: PushSender | undefined };
  /** The resident's unread count, for the app icon's badge on ios. */
  badgeOf?: (userId: string) => Promise<number>;
};

/** Jobs claimed per round; a full round is followed by another at once. */
const BATCH = 20;
/** A claimed job returns to the queue after this long if its instance died mid-send. */
const LEASE_MS = 60_000;
/** Backoff never waits longer than this between attempts. */
const MAX_BACKOFF_MS = 15 * 60 * 1000;

/**
 * Drains push_jobs off the request path: claims due jobs, sends them to every device of their user,
 * retries transient failures with exponential backoff, drops a job after `maxAttempts`. Sleeps until
 * the next job falls due, the poll interval passes (jobs enqueued on another instance) or `wake()`.
 */
export class PushDispatcher {
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private woken = false;
  private warnedNoNative = false;

  constructor(
    private readonly db: Db,
    private readonly log: Log,
    private readonly options: DispatcherOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Called after an enqueue: look at the queue now instead of at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Stops claiming; waits for the sends in flight. Unsent jobs stay queued for the next start. */
  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let delayMs = this.options.pollMs;
      try {
        this.woken = false;
        const jobs = await repo.claimDueJobs(this.db, new Date(), BATCH, LEASE_MS);
        await Promise.all(jobs.map((job) => this.process(job)));
        if (jobs.length === BATCH) continue;
        const next = await repo.nextDueAt(this.db);
        if (next) delayMs = Math.min(delayMs, Math.max(next.getTime() - Date.now(), 0));
      } catch (error) {
        if (!this.running) break; // the database closed under a stopping app
        this.log.warn({ err: error }, 'push dispatch round failed');
      }
      if (!this.woken) await this.sleep(delayMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        done();
      };
    });
  }

  private async process(job: PushJobRow): Promise<void> {
    try {
      const all = await repo.tokensOfUser(this.db, job.userId);
      const tokens = job.retryTokenIds ? all.filter((t) => job.retryTokenIds?.includes(t.id)) : all;
      const message = messageOf(job.payload, job.count);
      const topic = job.payload.tag ? topicOf(job.payload.tag) : undefined;
      const retry: string[] = [];
      let delivered = false;
      const wantsBadge = this.options.senders.ios && tokens.some((token) => token.platform === 'ios');
      const badge = wantsBadge ? await this.options.badgeOf?.(job.userId) : undefined;
      await Promise.all(
        tokens.map(async (token) => {
          const outcome = await this.sendOne(token, message, {
            urgent: job.payload.urgent ?? false,
            topic,
            badge,
          });
          if (outcome === 'retry') retry.push(token.id);
          if (outcome === 'sent') delivered = true;
        }),
      );
      if (delivered) await this.options.onDelivered?.(job);
      if (retry.length === 0 || job.attempts >= this.options.maxAttempts) {
        if (retry.length > 0)
          this.log.warn({ jobId: job.id, attempts: job.attempts }, 'push dropped after its last attempt');
        await repo.deleteJob(this.db, job.id);
        return;
      }
      const backoff = Math.min(this.options.retryBaseMs * 2 ** (job.attempts - 1), MAX_BACKOFF_MS);
      await repo.rescheduleJob(this.db, job.id, new Date(Date.now() + backoff), retry);
    } catch (error) {
      // The lease returns the job to the queue; nothing else to undo.
      if (this.running) this.log.warn({ err: error, jobId: job.id }, 'push job failed');
    }
  }

  private async sendOne(
    token: PushTokenRow,
    message: PushMessage,
    options: SendOptions,
  ): Promise<SendOutcome> {
    const { senders } = this.options;
    const sender =
      token.platform === 'web'
        ? senders.web
        : token.platform === 'ios'
          ? (senders.ios ?? senders.native)
          : senders.native;
    if (!sender) {
      if (!this.warnedNoNative) {
        this.warnedNoNative = true;
        this.log.info('no FCM service account or APNs key configured: some native pushes are skipped');
      }
      return 'skipped';
    }
    const outcome = await sender.send(token, message, options);
    if (outcome === 'sent') await repo.markTokenUsed(this.db, token.id, new Date());
    else if (outcome === 'gone') await repo.deleteTokenById(this.db, token.id);
    else if (outcome === 'retry' || outcome === 'failed') await repo.markTokenFailed(this.db, token.id);
    return outcome;
  }
}

/** What a device receives; a collapsed burst says how many it stands for. */
function messageOf(payload: PushPayload, count: number): PushMessage {
  const body =
    count > 1
      ? `${count} new ${payload.group ? `messages in ${payload.group}` : 'notifications'}`
      : payload.body;
  return {
    title: payload.title,
    body,
    link: payload.link,
    url: payload.link,
    count,
    ...(payload.tag ? { tag: payload.tag } : {}),
    ...(payload.conversationId ? { conversationId: payload.conversationId } : {}),
  };
}

/** RFC 8030 Topic: at most 32 base64url characters, so a hash of the tag. */
function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}
