/**
 * Client diagnostic logger (R-LOG-1). Entries are queued and sent in batches of 5 to
 * POST /api/logs/frontend; a flush check runs every 3 s; the queue holds at most 50 (the newest);
 * an error entry flushes at once; on unload the queue goes out with navigator.sendBeacon;
 * unhandled rejections and global errors become error entries.
 */
import {
  LOG_BATCH_SIZE,
  LOG_FLUSH_INTERVAL_MS,
  LOG_QUEUE_CAP,
  type LogEntry,
  type LogLevel,
} from '@stoop/shared';
import { buildBatch, fitBatch, type BatchMetaInput } from './logger-payload.ts';
import { RateLimiter, type RateLimitedKind } from './logger-rate.ts';
import { sanitizeContext, shortenUrl } from './logger-sanitize.ts';
import { getLogSessionId } from './logger-session.ts';
import { beaconBatch, postBatch } from './logger-transport.ts';

export type { LogEntry, LogLevel };

function toErrorInfo(error: unknown): LogEntry['error'] {
  if (error instanceof Error) {
    const info: NonNullable<LogEntry['error']> = { name: error.name, message: error.message };
    if (error.stack !== undefined) info.stack = error.stack;
    return info;
  }
  if (error === undefined) return undefined;
  return { name: 'NonError', message: typeof error === 'string' ? error : safeString(error) };
}

function safeString(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export class Logger {
  private queue: LogEntry[] = [];
  private sending = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly limiter = new RateLimiter();
  private detach: (() => void) | undefined;

  /** Entries waiting to be sent (a copy, for tests and diagnostics). */
  get pending(): readonly LogEntry[] {
    return [...this.queue];
  }

  debug(message: string, context?: unknown): void {
    this.log('debug', message, context);
  }
  info(message: string, context?: unknown): void {
    this.log('info', message, context);
  }
  warn(message: string, context?: unknown): void {
    this.log('warn', message, context);
  }
  error(message: string, error?: unknown, context?: unknown): void {
    this.log('error', message, context, error);
  }

  /**
   * A report of a rate-limited kind (performance, layout shift, web vitals). Returns false when
   * the report was dropped by its limit.
   */
  report(kind: RateLimitedKind, message: string, context?: unknown): boolean {
    if (!this.limiter.allow(kind)) return false;
    this.log('info', message, { ...sanitizeContext(context), kind });
    return true;
  }

  log(level: LogLevel, message: string, context?: unknown, error?: unknown): void {
    const entry: LogEntry = {
      level,
      message,
      context: sanitizeContext(context),
      meta: {
        timestamp: new Date().toISOString(),
        url: typeof location === 'undefined' ? '' : shortenUrl(location.href),
        sessionId: getLogSessionId(),
      },
    };
    const errorInfo = toErrorInfo(error);
    if (errorInfo) entry.error = errorInfo;
    this.enqueue([entry]);
    if (level === 'error' || this.queue.length >= LOG_BATCH_SIZE) void this.flush();
  }

  /** Appends and keeps only the newest 50. */
  private enqueue(entries: LogEntry[]): void {
    this.queue.push(...entries);
    if (this.queue.length > LOG_QUEUE_CAP) this.queue.splice(0, this.queue.length - LOG_QUEUE_CAP);
  }

  /**
   * Failed sends come back to the front, but only while the queue is under half full, so a dead
   * server cannot make the client hoard old entries (R-LOG-11).
   */
  private requeue(entries: LogEntry[]): void {
    if (this.queue.length >= LOG_QUEUE_CAP / 2) return;
    this.queue.unshift(...entries);
    if (this.queue.length > LOG_QUEUE_CAP) this.queue.splice(0, this.queue.length - LOG_QUEUE_CAP);
  }

  private batchMeta(): BatchMetaInput {
    return {
      userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
      sessionId: getLogSessionId(),
      now: new Date(),
    };
  }

  /** Sends the queue in batches of at most 5, one request at a time. */
  async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      while (this.queue.length > 0) {
        const meta = this.batchMeta();
        const { logs, consumed } = fitBatch(this.queue.slice(0, LOG_BATCH_SIZE), meta);
        const taken = this.queue.splice(0, consumed);
        const ok = await postBatch(buildBatch(logs, meta));
        if (!ok) {
          this.requeue(taken);
          return;
        }
      }
    } finally {
      this.sending = false;
    }
  }

  /** Sends everything queued with sendBeacon (page unload); what the beacon refuses stays queued. */
  flushWithBeacon(): void {
    while (this.queue.length > 0) {
      const meta = this.batchMeta();
      const { logs, consumed } = fitBatch(this.queue.slice(0, LOG_BATCH_SIZE), meta);
      if (!beaconBatch(buildBatch(logs, meta))) return;
      this.queue.splice(0, consumed);
    }
  }

  /** Starts the 3 s flush check and the page listeners. Calling it again does nothing. */
  start(target: Window = window): void {
    if (this.detach) return;
    this.timer = setInterval(() => {
      if (this.queue.length > 0) void this.flush();
    }, LOG_FLUSH_INTERVAL_MS);

    const onRejection = (event: PromiseRejectionEvent) => {
      this.error('Unhandled promise rejection', event.reason);
    };
    const onError = (event: ErrorEvent) => {
      this.error(event.message || 'Uncaught error', event.error ?? event.message, {
        source: event.filename,
        line: event.lineno,
        column: event.colno,
      });
    };
    const onPageHide = () => this.flushWithBeacon();
    const onVisibility = () => {
      if (target.document.visibilityState === 'hidden') this.flushWithBeacon();
    };
    target.addEventListener('unhandledrejection', onRejection);
    target.addEventListener('error', onError);
    target.addEventListener('pagehide', onPageHide);
    target.document.addEventListener('visibilitychange', onVisibility);
    this.detach = () => {
      target.removeEventListener('unhandledrejection', onRejection);
      target.removeEventListener('error', onError);
      target.removeEventListener('pagehide', onPageHide);
      target.document.removeEventListener('visibilitychange', onVisibility);
    };
  }

  /** Stops timers and listeners and forgets the queue (tests, logout of a test harness). */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.detach?.();
    this.detach = undefined;
    this.queue = [];
    this.sending = false;
    this.limiter.reset();
  }
}

/** The app's logger. */
export const logger = new Logger();
