/** The logger's session id, kept in sessionStorage so it lives as long as the tab (R-LOG-9). */
import { STORAGE_KEY_PREFIX } from '@stoop/shared';

export const LOG_SESSION_KEY = `${STORAGE_KEY_PREFIX}log_session_id`;

export function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Very old WebViews: not cryptographically strong, only used to group log lines.
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = Math.floor(Math.random() * 16);
    return (c === 'x' ? r : (r % 4) + 8).toString(16);
  });
}

let memoryFallback: string | null = null;

export function getLogSessionId(): string {
  try {
    const existing = sessionStorage.getItem(LOG_SESSION_KEY);
    if (existing) return existing;
    const id = newId();
    sessionStorage.setItem(LOG_SESSION_KEY, id);
    return id;
  } catch {
    // sessionStorage can be unavailable (privacy modes); keep one id for this page instead.
    memoryFallback ??= newId();
    return memoryFallback;
  }
}
