import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { READ_REPORT_DELAY_MS } from '@stoop/shared';
import { chatApi } from '../api/chat-api.ts';
import { clearReadReports, reportSeen } from './read-reports.ts';
import { runSessionCleanup } from '../session/session-cleanup.ts';

let markRead: MockInstance<typeof chatApi.markRead>;

beforeEach(() => {
  // What another file on the shared page left pending (its timer on the real clock) goes first.
  clearReadReports();
  vi.useFakeTimers();
  markRead = vi.spyOn(chatApi, 'markRead').mockResolvedValue(undefined);
});
afterEach(() => {
  clearReadReports();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('read reports (messages seen live move the read position)', () => {
  it('reports the highest seq per conversation once, after the burst settles', () => {
    reportSeen('c1', 10);
    reportSeen('c1', 12);
    reportSeen('c1', 11);
    reportSeen('c2', 5);
    vi.advanceTimersByTime(READ_REPORT_DELAY_MS - 1);
    expect(markRead).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    // Not as the page closes: an ordinary call (keepalive false).
    expect(markRead.mock.calls).toEqual([
      ['c1', 12, false],
      ['c2', 5, false],
    ]);
    vi.advanceTimersByTime(READ_REPORT_DELAY_MS * 3);
    expect(markRead).toHaveBeenCalledTimes(2);
  });

  it('a hidden page reports nothing: the resident is not looking', () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    reportSeen('c1', 3);
    vi.advanceTimersByTime(READ_REPORT_DELAY_MS);
    expect(markRead).not.toHaveBeenCalled();
    visibility.mockRestore();
  });

  it('R-RECEIPT-6: leaving the page sends what is pending at once, as a call that outlives it', () => {
    reportSeen('c1', 7);
    window.dispatchEvent(new Event('pagehide'));
    expect(markRead.mock.calls).toEqual([['c1', 7, true]]);
    // Nothing is left for the timer, and nothing pending means nothing sent.
    vi.advanceTimersByTime(READ_REPORT_DELAY_MS);
    window.dispatchEvent(new Event('pagehide'));
    expect(markRead).toHaveBeenCalledTimes(1);
  });

  it('R-RECEIPT-6: a page that goes to the background sends what is pending at once', () => {
    reportSeen('c1', 8);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockRestore();
    expect(markRead.mock.calls).toEqual([['c1', 8, true]]);
  });

  it('sign-out drops what is pending; a failed report is swallowed', async () => {
    reportSeen('c1', 3);
    await runSessionCleanup();
    vi.advanceTimersByTime(READ_REPORT_DELAY_MS);
    expect(markRead).not.toHaveBeenCalled();
    markRead.mockRejectedValueOnce(new Error('offline'));
    reportSeen('c1', 4);
    vi.advanceTimersByTime(READ_REPORT_DELAY_MS);
    await Promise.resolve();
    expect(markRead).toHaveBeenCalledWith('c1', 4, false);
  });
});
