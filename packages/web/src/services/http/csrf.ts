/**
 * CSRF token life cycle (R-API-1, R-ERR-9, R-API-38): fetched at start-up and after logout, then sent by the api client
 * as x-csrf-token on every request. A failed fetch is only logged: the app keeps working for reads
 * and the next mutating call gets the server's CSRF error.
 */
import { api, setCsrfToken } from './client.ts';
import { logger } from '../logger/logger.ts';

interface CsrfTokenResponse {
  csrfToken?: unknown;
}

/** Fetches a fresh token and installs it as the default header. Never throws. */
export async function fetchCsrfToken(): Promise<string | null> {
  try {
    const body = await api.get<CsrfTokenResponse | undefined>('/api/csrf-token');
    const token = typeof body?.csrfToken === 'string' ? body.csrfToken : null;
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
