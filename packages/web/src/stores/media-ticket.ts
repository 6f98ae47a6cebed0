/**
 * Image and file URLs (R-NATIVE-12). The web app shows the server's `/api/...` paths as they are:
 * its cookie goes along. The native app's `<img src>` can send neither a cookie nor a header, so it
 * points at the server's origin and appends the media ticket (`?mt=`) that
 * platform/native-session.ts fetches and renews; until a ticket is there it shows no image (the
 * avatar's initials) rather than a broken one.
 */
import { useSyncExternalStore } from 'react';
import { getApiBaseUrl, isNativeClient } from '../services/http/client.ts';

let ticket: string | null = null;
const listeners = new Set<() => void>();

/** Installs (or with null drops) the ticket; every image on screen re-renders with it. */
export function setMediaTicket(next: string | null): void {
  ticket = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const currentTicket = () => ticket;

/** The URL an `<img>` or a link may use for a server media path; other URLs pass unchanged. */
export function mediaUrl(src: string | null | undefined): string | undefined {
  if (!src) return undefined;
  if (!isNativeClient() || !src.startsWith('/api/')) return src;
  if (!ticket) return undefined;
  return `${getApiBaseUrl()}${src}${src.includes('?') ? '&' : '?'}mt=${encodeURIComponent(ticket)}`;
}

/** mediaUrl for a component: re-renders when the ticket changes. */
export function useMediaUrl(src: string | null | undefined): string | undefined {
  useSyncExternalStore(subscribe, currentTicket, currentTicket);
  return mediaUrl(src);
}
