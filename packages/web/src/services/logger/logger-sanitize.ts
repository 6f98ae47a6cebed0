/**
 * Trims what the logger sends: context objects to depth 3, 10 keys and 5 array items,
 * and URLs over 100 characters shortened. Keeps payloads small and stops a huge or circular
 * object from breaking a log send.
 */
import {
  LOG_CONTEXT_MAX_ARRAY_ITEMS,
  LOG_CONTEXT_MAX_DEPTH,
  LOG_CONTEXT_MAX_KEYS,
  LOG_URL_MAX_CHARS,
} from '@stoop/shared';

const URL_PATTERN = /^(https?:|wss?:|blob:|data:|\/)/i;
const ELLIPSIS = '…';

/** Cuts a URL longer than 100 characters, keeping its start (origin and path) and an ellipsis. */
export function shortenUrl(url: string): string {
  if (url.length <= LOG_URL_MAX_CHARS) return url;
  return url.slice(0, LOG_URL_MAX_CHARS - ELLIPSIS.length) + ELLIPSIS;
}

function looksLikeUrl(value: string): boolean {
  return URL_PATTERN.test(value) && !/\s/.test(value);
}

function sanitizeValue(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return looksLikeUrl(value) ? shortenUrl(value) : value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'function' || typeof value === 'symbol') return `[${typeof value}]`;
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (value instanceof Date) return value.toISOString();
  if (seen.has(value)) return '[Circular]';
  // depth counts levels of nesting: the context object itself is level 1.
  if (depth >= LOG_CONTEXT_MAX_DEPTH) return Array.isArray(value) ? '[Array]' : '[Object]';
  seen.add(value);
  if (Array.isArray(value)) {
    const items = value
      .slice(0, LOG_CONTEXT_MAX_ARRAY_ITEMS)
      .map((item: unknown) => sanitizeValue(item, depth + 1, seen));
    if (value.length > LOG_CONTEXT_MAX_ARRAY_ITEMS) {
      items.push(`[+${value.length - LOG_CONTEXT_MAX_ARRAY_ITEMS} more]`);
    }
    return items;
  }
  return sanitizeObject(value as Record<string, unknown>, depth + 1, seen);
}

function sanitizeObject(
  obj: Record<string, unknown>,
  depth: number,
  seen: WeakSet<object>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = Object.keys(obj);
  for (const key of keys.slice(0, LOG_CONTEXT_MAX_KEYS)) {
    out[key] = sanitizeValue(obj[key], depth, seen);
  }
  if (keys.length > LOG_CONTEXT_MAX_KEYS) out._truncatedKeys = keys.length - LOG_CONTEXT_MAX_KEYS;
  return out;
}

/** A log context limited to depth 3, 10 keys per object and 5 items per array, URLs shortened. */
export function sanitizeContext(context: unknown): Record<string, unknown> {
  if (context === null || context === undefined) return {};
  if (typeof context !== 'object' || Array.isArray(context)) {
    return { value: sanitizeValue(context, 1, new WeakSet()) };
  }
  const seen = new WeakSet<object>([context]);
  return sanitizeObject(context as Record<string, unknown>, 1, seen);
}
