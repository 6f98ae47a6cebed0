/**
 * Local storage with the rules of R-STORE-4, R-STORE-1: every key gets the 'tlbot_' prefix, a single
 * item over 5 MB is refused, a stored value whose type differs from the caller's default is
 * ignored, and a quota error triggers one cleanup and one retry.
 *
 * Values are stored wrapped as `{ v, t }` (t = write time) so the cleanup can prune by age
 * without knowing each caller's data shape.
 */
import {
  STORAGE_KEY_PREFIX,
  STORAGE_MAX_BYTES,
  STORED_ACTIVITY_PRUNE_AGE_MS,
  STORED_CONVERSATION_MAX_AGE_MS,
} from '@stoop/shared';

interface Wrapped {
  v: unknown;
  t: number;
}

/**
 * Age-based pruning rules used by the quota cleanup, matched on the unprefixed key.
 * Conversations are kept 1 day, activities 7 days (R-STORE-5); the first matching rule wins.
 */
const STORAGE_PRUNE_RULES: readonly { match: RegExp; maxAgeMs: number }[] = [
  // Activity first: 'conversation_activities' is an activity list, not a conversation.
  { match: /activit/i, maxAgeMs: STORED_ACTIVITY_PRUNE_AGE_MS },
  { match: /^conversation/i, maxAgeMs: STORED_CONVERSATION_MAX_AGE_MS },
];

/** Which JS type a value has, telling arrays and null apart from objects. */
function typeTag(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

function isQuotaError(err: unknown): boolean {
  if (!(err instanceof DOMException)) return false;
  // Names and legacy codes differ between engines (Chrome 22, Firefox 1014).
  return (
    err.name === 'QuotaExceededError' ||
    err.name === 'NS_ERROR_DOM_QUOTA_REACHED' ||
    err.code === 22 ||
    err.code === 1014
  );
}

function backend(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Some browsers throw on access when storage is disabled.
    return null;
  }
}

function readWrapped(ls: Storage, fullKey: string): Wrapped | null {
  const raw = ls.getItem(fullKey);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (
      parsed !== null &&
      typeof parsed === 'object' &&
      'v' in parsed &&
      't' in parsed &&
      typeof parsed.t === 'number'
    ) {
      return { v: parsed.v, t: parsed.t };
    }
    // A value written without the wrapper (older build or by hand): age unknown, treat as oldest.
    return { v: parsed, t: 0 };
  } catch {
    return null;
  }
}

function prefixedKeys(ls: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < ls.length; i += 1) {
    const k = ls.key(i);
    if (k !== null && k.startsWith(STORAGE_KEY_PREFIX)) keys.push(k);
  }
  return keys;
}

/**
 * Frees space: first prunes old conversations (> 1 day) and activities (> 7 days), then, if
 * `bytesNeeded` is still not freed, removes the oldest prefixed items. Returns the keys removed.
 */
export function cleanupStorage(bytesNeeded = 0, now: number = Date.now()): string[] {
  const ls = backend();
  if (!ls) return [];
  const removed: string[] = [];
  let freed = 0;
  const entries = prefixedKeys(ls).map((fullKey) => {
    const raw = ls.getItem(fullKey) ?? '';
    return { fullKey, size: byteLength(fullKey + raw), t: readWrapped(ls, fullKey)?.t ?? 0 };
  });
  const survivors: typeof entries = [];
  for (const e of entries) {
    const key = e.fullKey.slice(STORAGE_KEY_PREFIX.length);
    const rule = STORAGE_PRUNE_RULES.find((r) => r.match.test(key));
    if (rule && now - e.t > rule.maxAgeMs) {
      ls.removeItem(e.fullKey);
      removed.push(e.fullKey);
      freed += e.size;
    } else {
      survivors.push(e);
    }
  }
  survivors.sort((a, b) => a.t - b.t);
  for (const e of survivors) {
    if (freed >= bytesNeeded) break;
    ls.removeItem(e.fullKey);
    removed.push(e.fullKey);
    freed += e.size;
  }
  return removed;
}

export const storage = {
  /**
   * The stored value, or `defaultValue` when it is missing, unreadable, or of another type than
   * the default (R-STORE-3). A null default accepts any stored type.
   */
  get<T>(key: string, defaultValue: T): T {
    const ls = backend();
    if (!ls) return defaultValue;
    let wrapped: Wrapped | null;
    try {
      wrapped = readWrapped(ls, STORAGE_KEY_PREFIX + key);
    } catch {
      return defaultValue;
    }
    if (!wrapped) return defaultValue;
    if (defaultValue !== null && typeTag(wrapped.v) !== typeTag(defaultValue)) return defaultValue;
    return wrapped.v as T;
  },

  /** Write time of a stored item (ms since epoch), or null when missing or unreadable. */
  writtenAt(key: string): number | null {
    const ls = backend();
    if (!ls) return null;
    return readWrapped(ls, STORAGE_KEY_PREFIX + key)?.t ?? null;
  },

  /**
   * Stores `value`. Returns false when the item is over 5 MB, when storage is unavailable, or
   * when the write still fails after one cleanup and one retry (R-STORE-4).
   */
  set(key: string, value: unknown): boolean {
    const ls = backend();
    if (!ls) return false;
    const fullKey = STORAGE_KEY_PREFIX + key;
    let text: string;
    try {
      text = JSON.stringify({ v: value, t: Date.now() } satisfies Wrapped);
    } catch {
      return false; // circular or otherwise unserialisable
    }
    const size = byteLength(fullKey + text);
    if (size > STORAGE_MAX_BYTES) return false;
    try {
      ls.setItem(fullKey, text);
      return true;
    } catch (err) {
      if (!isQuotaError(err)) return false;
    }
    cleanupStorage(size);
    try {
      ls.setItem(fullKey, text);
      return true;
    } catch {
      return false;
    }
  },

  remove(key: string): void {
    backend()?.removeItem(STORAGE_KEY_PREFIX + key);
  },

  /** Removes every prefixed item; other applications' keys on the same origin stay. */
  clear(): void {
    const ls = backend();
    if (!ls) return;
    for (const k of prefixedKeys(ls)) ls.removeItem(k);
  },
};
