import { READ_REPORT_DELAY_MS } from '@stoop/shared';
import { chatApi } from '../api/chat-api.ts';
import { logger } from '../logger/logger.ts';
import { registerSessionCleanup } from '../session/session-cleanup.ts';

/** The highest position (a message's createdSeq) seen per conversation since the last report. */
const pending = new Map<string, number>();
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Notes that the resident saw a message (by its `createdSeq`, R-RECEIPT-1) in the open conversation, and
 * reports the highest one per conversation once the burst has settled. Without it the server's
 * read position stays where the conversation was opened, and after a reload messages read live
 * would count as unread again. A report that fails is only logged: the next one covers it.
 */
export function reportSeen(conversationId: string, seq: number): void {
  if (typeof document !== 'undefined' && document.visibilityState !== 'visible') return;
  pending.set(conversationId, Math.max(seq, pending.get(conversationId) ?? 0));
  timer ??= setTimeout(() => flushReadReports(), READ_REPORT_DELAY_MS);
}

/** Sends what is pending now; `keepalive` when the page is going away. */
function flushReadReports(keepalive = false): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  const reports = [...pending];
  pending.clear();
  for (const [conversationId, seq] of reports) {
    chatApi.markRead(conversationId, seq, keepalive).catch((error: unknown) => {
      logger.warn('Reporting a read position failed', {
        conversationId,
        seq,
        error: error instanceof Error ? error.message : String(error),
      });
    });
  }
}

/** Forgets pending reports (sign-out: they belong to the previous resident). */
export function clearReadReports(): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  pending.clear();
}

registerSessionCleanup(clearReadReports);

// A resident who reads and closes the tab (or leaves the app) within the delay has still read it:
// what is pending goes at once, as a call that outlives the page. Otherwise those messages would
// count as unread on their other devices and the next visit.
if (typeof window !== 'undefined') {
  const flushOnLeaving = () => {
    if (pending.size > 0) flushReadReports(true);
  };
  window.addEventListener('pagehide', flushOnLeaving);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushOnLeaving();
  });
}
