/**
 * A media ticket lets an `<img src>` of the native app, which cannot send an
 * Authorization header, load an attachment, a thumbnail, an avatar or a request photo. It names the
 * session, an expiry and an HMAC over both; it is accepted only on the image routes (`mediaTicket`
 * in the route table), only for GET, only until it expires and only while its session lives, so a
 * ticket that leaks (a URL in a log) reads images for at most MEDIA_TICKET_TTL_MS and nothing else.
 */
import { MEDIA_TICKET_TTL_MS } from '@stoop/shared';
import { hmac, safeEqual } from './crypto.ts';

const TICKET = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

const signatureOf = (secret: string, sessionId: string, expiresS: number) =>
  hmac(secret, `media:${sessionId}:${expiresS}`);

export function issueMediaTicket(
  secret: string,
  sessionId: string,
  nowMs = Date.now(),
): { ticket: string; expiresAt: Date } {
  const expiresS = Math.floor((nowMs + MEDIA_TICKET_TTL_MS) / 1000);
  return {
    ticket: `${sessionId}.${expiresS}.${signatureOf(secret, sessionId, expiresS)}`,
    expiresAt: new Date(expiresS * 1000),
  };
}

/** The session a ticket stands for, when it is well-formed, signed by this server and not expired. */
export function sessionOfMediaTicket(secret: string, ticket: string, nowMs = Date.now()): string | undefined {
  const match = TICKET.exec(ticket);
  if (!match?.[1] || !match[2] || !match[3]) return undefined;
  const expiresS = Number(match[2]);
  if (expiresS * 1000 <= nowMs) return undefined;
  return safeEqual(match[3], signatureOf(secret, match[1], expiresS)) ? match[1] : undefined;
}
