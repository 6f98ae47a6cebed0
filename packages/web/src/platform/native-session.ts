/**
 * The native app's sign-in on the device. Loaded only in the app (start.ts
 * imports it lazily), so the web bundle does not carry it.
 *
 * - The bearer token lives in the platform's secure store through
 *   @aparajita/capacitor-secure-storage (Keychain on ios, Keystore-encrypted preferences on
 *   android; decision 0032), never in localStorage or a cookie. In a browser the same plugin falls
 *   back to its web implementation, which is what the unit tests run.
 * - While signed in, a media ticket is kept for `<img src>` URLs (stores/media-ticket.ts): one
 *   at sign-in or start, a new one before it expires, and one again when the app comes back to the
 *   foreground with an expired one (timers do not run while a phone sleeps).
 */
import { SecureStorage } from '@aparajita/capacitor-secure-storage';
import { callApi } from '../services/http/client.ts';
import { setMediaTicket } from '../stores/media-ticket.ts';
import { logger } from '../services/logger/logger.ts';

const TOKEN_KEY = 'stoop.session-token';
/** Ask for the next ticket this long before the current one expires. */
const TICKET_RENEW_MARGIN_MS = 5 * 60_000;

/** The stored token, or null (none, or the store could not be read: the app starts signed out). */
export async function readStoredToken(): Promise<string | null> {
  try {
    // convertDate false: the token is a plain string, never to be read as a date.
    const value = await SecureStorage.get(TOKEN_KEY, false);
    return typeof value === 'string' && value !== '' ? value : null;
  } catch (error) {
    logger.error('The stored sign-in could not be read', error);
    return null;
  }
}

let renewTimer: ReturnType<typeof setTimeout> | undefined;
let ticketExpiresAt = 0;
let signedIn = false;

function stopTickets(): void {
  signedIn = false;
  clearTimeout(renewTimer);
  renewTimer = undefined;
  ticketExpiresAt = 0;
  setMediaTicket(null);
}

async function renewTicket(): Promise<void> {
  clearTimeout(renewTimer);
  try {
    const { ticket, expiresAt } = await callApi('getMediaTicket');
    if (!signedIn) return;
    ticketExpiresAt = Date.parse(expiresAt);
    setMediaTicket(ticket);
    const delay = Math.max(ticketExpiresAt - Date.now() - TICKET_RENEW_MARGIN_MS, 60_000);
    renewTimer = setTimeout(() => void renewTicket(), delay);
  } catch (error) {
    // A revoked token answers 401 here too; the session check at start signs the app out.
    logger.warn('A media ticket could not be fetched', { message: String(error) });
  }
}

function startTickets(): void {
  signedIn = true;
  void renewTicket();
}

document.addEventListener('visibilitychange', () => {
  if (document.visibilityState !== 'visible' || !signedIn) return;
  if (Date.now() > ticketExpiresAt - TICKET_RENEW_MARGIN_MS) void renewTicket();
});

/** Keeps a new token (a sign-in) or forgets it (a sign-out or a revoked token). */
export async function keepToken(token: string | null): Promise<void> {
  if (token) {
    await SecureStorage.set(TOKEN_KEY, token, false);
    startTickets();
  } else {
    stopTickets();
    await SecureStorage.remove(TOKEN_KEY);
  }
}

/** Called once the stored token is installed: a signed-in app needs its first ticket. */
export function resumeSession(token: string | null): void {
  if (token) startTickets();
}
