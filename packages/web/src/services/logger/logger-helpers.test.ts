import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOG_CONTEXT_MAX_ARRAY_ITEMS,
  LOG_CONTEXT_MAX_KEYS,
  LOG_MAX_PAYLOAD_BYTES,
  LOG_OVERSIZE_MESSAGE_CHARS,
  LOG_RATE_LIMITS,
  LOG_URL_MAX_CHARS,
  type LogEntry,
} from '@stoop/shared';
import { buildBatch, fitBatch, payloadBytes } from './logger-payload.ts';
import { RateLimiter } from './logger-rate.ts';
import { sanitizeContext, shortenUrl } from './logger-sanitize.ts';
import { getLogSessionId, LOG_SESSION_KEY } from './logger-session.ts';
import { Logger } from './logger.ts';
import { reportLayoutShift, reportWebVital } from './logger-vitals.ts';
import type { Metric } from 'web-vitals';

const meta = { userAgent: 'ua', sessionId: 's', now: new Date(0) };
const entry = (message: string): LogEntry => ({
  level: 'info',
  message,
  context: {},
  meta: { timestamp: 't' },
});

describe('logger context limits', () => {
  it('R-LOG-7: context objects limited to depth 3', () => {
    const out = sanitizeContext({ a: { b: { c: { d: 1 } } } });
    expect(out).toEqual({ a: { b: { c: '[Object]' } } });
  });

  it('R-LOG-7: context objects limited to 10 keys', () => {
    const wide = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`k${i}`, i]));
    const out = sanitizeContext(wide);
    expect(Object.keys(out).filter((k) => k.startsWith('k'))).toHaveLength(LOG_CONTEXT_MAX_KEYS);
    expect(out._truncatedKeys).toBe(5);
  });

  it('R-LOG-7: arrays in context limited to 5 items', () => {
    const out = sanitizeContext({ list: [1, 2, 3, 4, 5, 6, 7] });
    const list = out.list as unknown[];
    expect(list.slice(0, LOG_CONTEXT_MAX_ARRAY_ITEMS)).toEqual([1, 2, 3, 4, 5]);
    expect(list).toHaveLength(LOG_CONTEXT_MAX_ARRAY_ITEMS + 1);
  });

  it('R-LOG-7: URLs over 100 characters are shortened', () => {
    const long = `https://stoop.example/${'x'.repeat(200)}`;
    expect(shortenUrl(long)).toHaveLength(LOG_URL_MAX_CHARS);
    expect(shortenUrl('https://short.example/a')).toBe('https://short.example/a');
    expect((sanitizeContext({ url: long }).url as string).length).toBe(LOG_URL_MAX_CHARS);
  });

  it('logger: circular context does not throw', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    expect(sanitizeContext(a)).toEqual({ name: 'a', self: '[Circular]' });
  });
});

describe('logger payload limit', () => {
  it('R-LOG-6: max payload 2 MB, batch size halved until it fits', () => {
    const logs = Array.from({ length: 5 }, (_, i) => entry(`${i}${'y'.repeat(300)}`));
    const oneSize = payloadBytes(buildBatch(logs.slice(0, 2), meta));
    const { logs: sent, consumed } = fitBatch(logs, meta, oneSize);
    expect(consumed).toBe(2); // 5 too big, halved to 2, fits
    expect(sent).toHaveLength(2);
    expect(LOG_MAX_PAYLOAD_BYTES).toBe(2 * 1024 * 1024);
  });

  it('R-LOG-6: a single oversize entry has its message cut to 1000 characters', () => {
    const huge = entry('z'.repeat(LOG_MAX_PAYLOAD_BYTES + 10));
    const { logs, consumed } = fitBatch([huge, entry('next')], meta);
    expect(consumed).toBe(1);
    expect(logs[0]?.message).toHaveLength(LOG_OVERSIZE_MESSAGE_CHARS);
  });
});

describe('logger rate limits', () => {
  let now = 0;
  const limiter = new RateLimiter(() => now);
  beforeEach(() => {
    now = 0;
    limiter.reset();
  });

  it('R-LOG-8: performance report 2 per 30 s', () => {
    expect(LOG_RATE_LIMITS.performance).toEqual({ max: 2, windowMs: 30_000 });
    expect([
      limiter.allow('performance'),
      limiter.allow('performance'),
      limiter.allow('performance'),
    ]).toEqual([true, true, false]);
    now = 30_000;
    expect(limiter.allow('performance')).toBe(true);
  });

  it('R-LOG-8: layout shift 5 per 10 s', () => {
    expect(LOG_RATE_LIMITS.layoutShift).toEqual({ max: 5, windowMs: 10_000 });
    const results = Array.from({ length: 6 }, () => limiter.allow('layoutShift'));
    expect(results).toEqual([true, true, true, true, true, false]);
    now = 9_999;
    expect(limiter.allow('layoutShift')).toBe(false);
    now = 10_000;
    expect(limiter.allow('layoutShift')).toBe(true);
  });

  it('R-LOG-8: web vitals report 3 per 20 s', () => {
    expect(LOG_RATE_LIMITS.webVitals).toEqual({ max: 3, windowMs: 20_000 });
    const results = Array.from({ length: 4 }, () => limiter.allow('webVitals'));
    expect(results).toEqual([true, true, true, false]);
    now = 20_000;
    expect(limiter.allow('webVitals')).toBe(true);
  });
});

describe('logger telemetry through the limits', () => {
  let logger: Logger;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    logger = new Logger();
  });
  afterEach(() => {
    logger.stop();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('R-LOG-8: web-vitals metrics are logged at most 3 per 20 s', () => {
    const metric = {
      name: 'LCP',
      value: 1200,
      rating: 'good',
      id: 'v1',
      navigationType: 'navigate',
      delta: 1,
      entries: [],
    } as unknown as Metric;
    const sent = Array.from({ length: 4 }, () => reportWebVital(logger, metric));
    expect(sent).toEqual([true, true, true, false]);
    vi.advanceTimersByTime(20_000);
    expect(reportWebVital(logger, metric)).toBe(true);
  });

  it('R-LOG-8: layout shifts after input are ignored, others limited to 5 per 10 s', () => {
    const shift = { value: 0.1, hadRecentInput: false, startTime: 5 } as unknown as Parameters<
      typeof reportLayoutShift
    >[1];
    expect(reportLayoutShift(logger, { ...shift, hadRecentInput: true })).toBe(false);
    const sent = Array.from({ length: 6 }, () => reportLayoutShift(logger, shift));
    expect(sent.filter(Boolean)).toHaveLength(5);
  });
});

describe('logger session id', () => {
  it('R-LOG-9: session id kept in sessionStorage', () => {
    sessionStorage.clear();
    const id = getLogSessionId();
    expect(sessionStorage.getItem(LOG_SESSION_KEY)).toBe(id);
    expect(getLogSessionId()).toBe(id);
  });
});
