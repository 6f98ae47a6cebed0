/**
 * CSRF token life cycle (R-API-1, R-ERR-9): fetched at start-up and after logout, then sent by the api client
 * as x-csrf-token on every request. A failed fetch is only logged: the app keeps working for reads
 * and the next mutating call gets the server's CSRF error.
 */
import { callApi, isNativeClient, setCsrfToken } from './client.ts';
import { logger } from '../logger/logger.ts';

/**
 * Fetches a fresh token and installs it as the default header. Never throws. The native app sends a
 * bearer instead and needs none.
 */
export async function fetchCsrfToken(): Promise<string | null> {
  if (isNativeClient()) return null;
  try {
    // Checked all the same: an answer from something other than Stoop must not install a token.
    const body: unknown = await callApi('getCsrfToken');
    const token =
      typeof body === 'object' && body !== null && 'csrfToken' in body && typeof body.csrfToken === 'string'
        ? body.csrfToken
        : null;
    if (token === null) {
      logger.error('CSRF token response had no token');
      return null;
    }
    setCsrfToken(token);
    return token;
  } catch (error) {
    logger.error('Failed to fetch CSRF token', error);
    return null;
  }
}
