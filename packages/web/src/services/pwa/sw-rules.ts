/**
 * Pure rules shared by the service worker (src/sw.ts) and the page, kept apart so they are
 * unit-tested without a service worker environment.
 */
export const API_CACHE_NAME = 'stoop-api';

export const SW_MESSAGES = { skipWaiting: 'SKIP_WAITING', clearApiCache: 'CLEAR_API_CACHE' } as const;

const CONVERSATION_MESSAGES = /^\/api\/conversations\/[^/]+\/messages$/;

/** The calls cached NetworkFirst: the conversation list and a conversation's messages. */
export function isCachedApiPath(pathname: string): boolean {
  return pathname === '/api/conversations' || CONVERSATION_MESSAGES.test(pathname);
}

/**
 * Where a notification tap goes: its data.url when that is on our origin, else the app root
 * (a push payload must never send a resident to another site).
 */
export function notificationTarget(data: unknown, origin: string): string {
  const raw = typeof data === 'object' && data !== null && 'url' in data ? data.url : undefined;
  if (typeof raw !== 'string' || raw === '') return `${origin}/`;
  try {
    const url = new URL(raw, origin);
    return url.origin === origin ? url.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}
