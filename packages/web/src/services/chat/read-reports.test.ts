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
    expect(markRead.mock.calls).toEqual([
      ['c1', 12],
      ['c2', 5],
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

  it('sign-out drops what is pending; a failed report is swallowed', async () => {
    reportSeen('c1', 3);
    await runSessionCleanup();
    vi.advanceTimersByTime(READ_REPORT_DELAY_MS);
    expect(markRead).not.toHaveBeenCalled();
    markRead.mockRejectedValueOnce(new Error('offline'));
    reportSeen('c1', 4);
    vi.advanceTimersByTime(READ_REPORT_DELAY_MS);
    await Promise.resolve();
    expect(markRead).toHaveBeenCalledWith('c1', 4);
  });
});
