/**
 * How a log batch leaves the page: a POST with a correlation id, the CSRF token when one is known
 * and a 3000 ms time-out (R-API-2, R-LOG-10), or navigator.sendBeacon on unload (which cannot set headers;
 * the server intake accepts it without CSRF).
 */
import { CORRELATION_ID_HEADER, CSRF_HEADER, LOG_SEND_TIMEOUT_MS, type LogBatch } from '@stoop/shared';
import { getApiBaseUrl, getCsrfToken } from '../http/client.ts';
import { newId } from './logger-session.ts';

export const LOG_INTAKE_PATH = '/api/logs/frontend';

function intakeUrl(): string {
  return `${getApiBaseUrl()}${LOG_INTAKE_PATH}`;
}

/** Sends one batch; resolves true on a 2xx answer, false on any failure or the time-out. */
export async function postBatch(batch: LogBatch): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), LOG_SEND_TIMEOUT_MS);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    [CORRELATION_ID_HEADER]: newId(),
  };
  const csrf = getCsrfToken();
  if (csrf) headers[CSRF_HEADER] = csrf;
  try {
    const res = await fetch(intakeUrl(), {
      method: 'POST',
      credentials: 'include',
      headers,
      body: JSON.stringify(batch),
      signal: controller.signal,
      keepalive: false,
    });
    return res.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Queues a batch with the browser's beacon; false when the beacon API is missing or refuses it. */
export function beaconBatch(batch: LogBatch): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  const blob = new Blob([JSON.stringify(batch)], { type: 'application/json' });
  try {
    return navigator.sendBeacon(intakeUrl(), blob);
  } catch {
    return false;
  }
}
