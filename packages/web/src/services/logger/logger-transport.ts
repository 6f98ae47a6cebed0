/**
 * How a log batch leaves the page: a POST with a correlation id, the CSRF token when one is known
 * (the bearer in the native app) and a 3000 ms time-out (R-LOG-10), or navigator.sendBeacon on unload (which cannot set headers;
 * the server intake accepts it without CSRF).
 */
import { CORRELATION_ID_HEADER, LOG_SEND_TIMEOUT_MS, type LogBatch } from '@stoop/shared';
import { authHeaders, credentialsMode, getApiBaseUrl, isNativeClient } from '../http/client.ts';
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
    ...authHeaders(),
  };
  try {
    const res = await fetch(intakeUrl(), {
      method: 'POST',
      credentials: credentialsMode(),
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
  // A beacon always goes with credentials, which the native app's cross-origin calls may not use
  // (R-NATIVE-6 answers without credentials mode): the app sends a keepalive fetch instead.
  if (isNativeClient()) {
    void fetch(intakeUrl(), {
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json', ...authHeaders() },
      body: JSON.stringify(batch),
    }).catch(() => undefined);
    return true;
  }
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  const blob = new Blob([JSON.stringify(batch)], { type: 'application/json' });
  try {
    return navigator.sendBeacon(intakeUrl(), blob);
  } catch {
    return false;
  }
}
