/**
 * Sliding-window rate limits for the noisy report kinds (R-LOG-8): performance report 2 per 30 s,
 * layout shift 5 per 10 s, web vitals 3 per 20 s. A report over its limit is dropped.
 */
import { LOG_RATE_LIMITS } from '@stoop/shared';

export type RateLimitedKind = keyof typeof LOG_RATE_LIMITS;

export class RateLimiter {
  private readonly hits = new Map<RateLimitedKind, number[]>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** True (and counted) when another report of this kind is allowed now. */
  allow(kind: RateLimitedKind): boolean {
    const { max, windowMs } = LOG_RATE_LIMITS[kind];
    const t = this.now();
    const recent = (this.hits.get(kind) ?? []).filter((at) => t - at < windowMs);
    if (recent.length >= max) {
      this.hits.set(kind, recent);
      return false;
    }
    recent.push(t);
    this.hits.set(kind, recent);
    return true;
  }

  reset(): void {
    this.hits.clear();
  }
}
