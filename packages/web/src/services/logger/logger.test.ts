import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CORRELATION_ID_HEADER,
  CSRF_HEADER,
  LOG_BATCH_SIZE,
  LOG_FLUSH_INTERVAL_MS,
  LOG_QUEUE_CAP,
  LOG_SEND_TIMEOUT_MS,
  type LogBatch,
} from '@stoop/shared';
import { setCsrfToken } from '../http/client.ts';
import { Logger } from './logger.ts';
import { LOG_INTAKE_PATH } from './logger-transport.ts';

type FetchArgs = [string, RequestInit];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

function sentBatches(): LogBatch[] {
  return fetchMock.mock.calls.map(([, init]) => JSON.parse(init.body as string) as LogBatch);
}
const ok = () => Promise.resolve(new Response(null, { status: 204 }));
const never = () => new Promise<Response>(() => undefined);

describe('logger', () => {
  let logger: Logger;

  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock.mockReset().mockImplementation(ok);
    vi.stubGlobal('fetch', fetchMock);
    setCsrfToken(null);
    logger = new Logger();
  });
  afterEach(() => {
    logger.stop();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('R-LOG-1: batch size 5 sends once five entries are queued', async () => {
    for (let i = 0; i < LOG_BATCH_SIZE - 1; i += 1) logger.info(`m${i}`);
    expect(fetchMock).not.toHaveBeenCalled();
    logger.info('m4');
    await vi.runOnlyPendingTimersAsync();
    expect(sentBatches()[0]?.logs).toHaveLength(LOG_BATCH_SIZE);
    expect(LOG_BATCH_SIZE).toBe(5);
  });

  it('R-LOG-1: flush check every 3 s sends a partial queue', async () => {
    logger.start();
    logger.info('one');
    await vi.advanceTimersByTimeAsync(LOG_FLUSH_INTERVAL_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(sentBatches()[0]?.logs.map((l) => l.message)).toEqual(['one']);
    expect(LOG_FLUSH_INTERVAL_MS).toBe(3000);
  });

  it('R-LOG-1: a queue of more than 5 goes out in batches of at most 5', () => {
    fetchMock.mockImplementationOnce(never);
    for (let i = 0; i < 5; i += 1) logger.info(`a${i}`); // first batch stays in flight
    for (let i = 0; i < 7; i += 1) logger.warn(`b${i}`);
    expect(logger.pending).toHaveLength(7);
  });

  it('R-LOG-3: queue cap 50 keeps the newest', () => {
    fetchMock.mockImplementation(never); // keep the first batch in flight so the queue fills
    for (let i = 0; i < 60; i += 1) logger.info(`m${i}`);
    const pending = logger.pending;
    expect(pending).toHaveLength(LOG_QUEUE_CAP);
    expect(pending[0]?.message).toBe('m10');
    expect(pending.at(-1)?.message).toBe('m59');
  });

  it('R-LOG-2: an error entry flushes at once with name, message and stack', async () => {
    logger.error('boom', new TypeError('bad thing'), { where: 'test' });
    await vi.advanceTimersByTimeAsync(0);
    const entry = sentBatches()[0]?.logs[0];
    expect(entry?.level).toBe('error');
    expect(entry?.error?.name).toBe('TypeError');
    expect(entry?.error?.message).toBe('bad thing');
    expect(typeof entry?.error?.stack).toBe('string');
    expect(entry?.context).toEqual({ where: 'test' });
  });

  it('R-API-2: POST /api/logs/frontend with {logs, meta: {userAgent, timestamp, batchSize}}', async () => {
    logger.error('x');
    await vi.advanceTimersByTimeAsync(0);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(LOG_INTAKE_PATH);
    expect(init.method).toBe('POST');
    const batch = sentBatches()[0]!;
    expect(batch.meta.userAgent).toBe(navigator.userAgent);
    expect(batch.meta.batchSize).toBe(1);
    expect(Number.isNaN(Date.parse(batch.meta.timestamp))).toBe(false);
  });

  it('R-API-2: each batch carries a fresh correlation-id header and the CSRF token when known', async () => {
    setCsrfToken('tok');
    logger.error('a');
    await vi.advanceTimersByTimeAsync(0);
    logger.error('b');
    await vi.advanceTimersByTimeAsync(0);
    const ids = fetchMock.mock.calls.map(
      ([, init]) => (init.headers as Record<string, string>)[CORRELATION_ID_HEADER],
    );
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect((fetchMock.mock.calls[0]![1].headers as Record<string, string>)[CSRF_HEADER]).toBe('tok');
  });

  it('R-API-2, R-LOG-10: the send times out after 3000 ms', async () => {
    let signal: AbortSignal | undefined;
    fetchMock.mockImplementationOnce((_url, init) => {
      signal = init.signal ?? undefined;
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    });
    logger.error('slow');
    await vi.advanceTimersByTimeAsync(LOG_SEND_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    // the timed-out entry is back in the (nearly empty) queue
    expect(logger.pending.map((e) => e.message)).toEqual(['slow']);
  });

  it('R-LOG-11: a failed send puts the entries back while the queue is under half full', async () => {
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('offline')));
    logger.error('lost?');
    await vi.advanceTimersByTimeAsync(0);
    expect(logger.pending.map((e) => e.message)).toEqual(['lost?']);
  });

  it('R-LOG-11: a failed send drops the entries when the queue is half full or more', async () => {
    let fail: (r: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (fail = resolve)));
    for (let i = 0; i < 5; i += 1) logger.info(`first${i}`); // in flight
    fetchMock.mockImplementation(never);
    for (let i = 0; i < LOG_QUEUE_CAP / 2; i += 1) logger.info(`later${i}`);
    expect(logger.pending).toHaveLength(LOG_QUEUE_CAP / 2);
    fail(new Response(null, { status: 500 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(logger.pending.some((e) => e.message.startsWith('first'))).toBe(false);
  });

  it('R-LOG-4: on page unload the queue is sent with navigator.sendBeacon as JSON', async () => {
    const beacon = vi.fn<(url: string, data: Blob) => boolean>(() => true);
    vi.stubGlobal('navigator', { ...navigator, userAgent: navigator.userAgent, sendBeacon: beacon });
    logger.start();
    logger.info('bye');
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0]!;
    expect(url).toBe(LOG_INTAKE_PATH);
    expect(blob.type).toBe('application/json');
    vi.useRealTimers(); // FileReader does not fire under fake timers
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader(); // jsdom's Blob has no text()
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blob);
    });
    const batch = JSON.parse(text) as LogBatch;
    expect(batch.logs[0]?.message).toBe('bye');
    expect(logger.pending).toHaveLength(0);

    logger.info('hidden');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(beacon).toHaveBeenCalledTimes(2);
  });

  it('R-LOG-4: a refused beacon keeps the entries queued', () => {
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: () => false });
    logger.info('kept');
    logger.flushWithBeacon();
    expect(logger.pending).toHaveLength(1);
  });

  it('R-LOG-5: unhandled promise rejections become error entries', async () => {
    logger.start();
    const event = Object.assign(new Event('unhandledrejection'), { reason: new Error('nope') });
    window.dispatchEvent(event);
    await vi.advanceTimersByTimeAsync(0);
    const entry = sentBatches()[0]?.logs[0];
    expect(entry?.level).toBe('error');
    expect(entry?.error?.message).toBe('nope');
  });

  it('R-LOG-5: global errors become error entries', async () => {
    logger.start();
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'kaboom',
        error: new RangeError('kaboom'),
        filename: 'a.js',
        lineno: 3,
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    const entry = sentBatches()[0]?.logs[0];
    expect(entry?.level).toBe('error');
    expect(entry?.error?.name).toBe('RangeError');
    expect(entry?.context).toMatchObject({ source: 'a.js', line: 3 });
  });

  it('R-LOG-9: each entry carries the session id kept in sessionStorage', () => {
    fetchMock.mockImplementation(never);
    logger.info('a');
    logger.info('b');
    const [a, b] = logger.pending;
    expect(a?.meta.sessionId).toBeTruthy();
    expect(a?.meta.sessionId).toBe(b?.meta.sessionId);
  });
});
