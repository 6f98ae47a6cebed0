/**
 * Pure rules shared by the service worker (src/sw.ts) and the page, kept apart so they are
 * unit-tested without a service worker environment.
 */
export const API_CACHE_NAME = 'stoop-api';

export const SW_MESSAGES = { skipWaiting: 'SKIP_WAITING', clearApiCache: 'CLEAR_API_CACHE' } as const;

const CONVERSATION_MESSAGES = /^\/api\/conversations\/[^/]+\/messages$/;
/** R-CACHE-11: a poll's or an event's card in a conversation read before. */
const CARD = /^\/api\/(?:polls|events)\/[^/]+$/;

/**
 * The calls cached NetworkFirst: the conversation list, a conversation's messages (R-CACHE-10),
 * and what names and fills them: the directory and the polls' and events' cards (R-CACHE-11).
 */
export function isCachedApiPath(pathname: string): boolean {
  return (
    pathname === '/api/conversations' ||
    pathname === '/api/users' ||
    CONVERSATION_MESSAGES.test(pathname) ||
    CARD.test(pathname)
  );
}

export const NOTIFICATION_ICON = '/icons/icon-192.png';
/** Android's status bar shows the badge as a white silhouette: a monochrome mask. */
export const NOTIFICATION_BADGE = '/icons/badge-96.png';
const DEFAULT_TITLE = 'Stoop';

/** What a push carries (the server's PushMessage); every field is checked, as a push is input. */
type PushData = { title: string; body: string; link: string; tag?: string; count: number };

function readPushData(raw: unknown): PushData {
  const data = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const text = (key: string) => (typeof data[key] === 'string' ? data[key] : undefined);
  const count = typeof data.count === 'number' && data.count >= 1 ? Math.floor(data.count) : 1;
  const tag = text('tag');
  return {
    title: text('title') || DEFAULT_TITLE,
    body: text('body') ?? '',
    link: text('link') ?? text('url') ?? '/',
    count,
    ...(tag ? { tag } : {}),
  };
}

/** The payload of a push event as JSON, or its text as the body when it is not JSON. */
export function parsePushPayload(read: { json(): unknown; text(): string } | null): unknown {
  if (!read) return {};
  try {
    return read.json();
  } catch {
    return { body: read.text() };
  }
}

/**
 * R-PUSH-10: the notification a push shows: title, body, icon, badge, one tag per conversation (a
 * newer push replaces that conversation's notification) and `renotify` when it replaces one still
 * shown (a collapsed burst grew), so the update alerts again. data.link is where a tap goes.
 */
export function notificationFromPush(
  raw: unknown,
  shownWithSameTag: number,
): { title: string; options: NotificationOptions & { renotify?: boolean } } {
  const push = readPushData(raw);
  const options: NotificationOptions & { renotify?: boolean } = {
    body: push.body,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    data: { link: push.link, url: push.link, count: push.count },
  };
  if (push.tag) {
    options.tag = push.tag;
    // The API refuses renotify without a tag.
    if (shownWithSameTag > 0) options.renotify = true;
  }
  return { title: push.title, options };
}

/**
 * Where a notification tap goes: its data.link (or data.url) when that is on our origin, else the
 * app root (a push payload must never send a resident to another site).
 */
export function notificationTarget(data: unknown, origin: string): string {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const raw = record.link ?? record.url;
  if (typeof raw !== 'string' || raw === '') return `${origin}/`;
  try {
    const url = new URL(raw, origin);
    return url.origin === origin ? url.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}
