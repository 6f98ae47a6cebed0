import type { PushMessage } from '@stoop/shared';
import type { PushTokenRow } from '../db/schema/index.ts';

/**
 * What became of one device's push: delivered; `gone` (the provider says the token no longer exists:
 * remove it); `retry` (a transient failure: try again later); `failed` (refused for good, e.g. a
 * malformed token: counted, not retried); `skipped` (no provider configured for this platform).
 */
export type SendOutcome = 'sent' | 'gone' | 'retry' | 'failed' | 'skipped';

export type SendOptions = {
  urgent: boolean;
  /** Collapse key on the provider side: a newer push with it replaces an undelivered older one. */
  topic?: string | undefined;
  /** The app icon's badge: the resident's unread count (APNs). */
  badge?: number | undefined;
};

export interface PushSender {
  send(token: PushTokenRow, message: PushMessage, options: SendOptions): Promise<SendOutcome>;
}

/** A provider's HTTP status, read the same way for Web Push and FCM. */
export function outcomeOfStatus(status: number): SendOutcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  return 'failed';
}
