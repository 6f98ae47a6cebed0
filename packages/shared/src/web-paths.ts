/**
 * The web app's URL scheme, written once: the web's routes and links (navigation/paths.ts) and the
 * server's links into the app (notifications, mail, pushes, calendar files, a conversation's first
 * view) are built from these. No zod here: the web's first load imports it.
 */
export const MAIN_DASHBOARD = '/main_dashboard';
export const ADMIN_DASHBOARD = '/admin_dashboard';

const main = MAIN_DASHBOARD;
const id = encodeURIComponent;

/** The element id of a message's row, which a link's hash scrolls to. */
export const messageAnchor = (messageId: string) => `message-${messageId}`;

const MESSAGE_HASH_PREFIX = `#${messageAnchor('')}`;

/** The hash of a link that opens a page scrolled to a message's row. */
export const messageHash = (messageId: string) => `#${messageAnchor(id(messageId))}`;

/** The message a location hash points at (see `messageHash`), or null. */
export function messageIdFromHash(hash: string): string | null {
  if (!hash.startsWith(MESSAGE_HASH_PREFIX) || hash.length === MESSAGE_HASH_PREFIX.length) return null;
  try {
    return decodeURIComponent(hash.slice(MESSAGE_HASH_PREFIX.length));
  } catch {
    return null;
  }
}

/** Pages of the main dashboard that the server links to as well as the web. */
export const WEB_PATHS = {
  chatIntro: `${main}/chat-intro`,
  announcements: `${main}/announcements`,
  conversation: (type: 'channel' | 'direct', conversationId: string) =>
    `${main}/conversations/${type}/${id(conversationId)}`,
  thread: (messageId: string) => `${main}/thread/${id(messageId)}`,
  requests: `${main}/requests`,
  request: (requestId: string) => `${main}/requests/${id(requestId)}`,
  events: `${main}/events`,
  event: (eventId: string) => `${main}/events/${id(eventId)}`,
} as const;

/**
 * Opens a message: in its thread when it is a reply, else in its conversation, scrolled to it (the
 * hash of `messageAnchor`).
 */
export function messagePath(
  conversation: { id: string; type: 'channel' | 'direct' },
  message: { id: string; parentMessageId: string | null },
): string {
  const hash = messageHash(message.id);
  if (message.parentMessageId) return `${WEB_PATHS.thread(message.parentMessageId)}${hash}`;
  return `${WEB_PATHS.conversation(conversation.type, conversation.id)}${hash}`;
}

/** A conversation's own page (nothing below it): its type and id, or null for any other path. */
export function conversationOfPath(pathname: string): { type: 'channel' | 'direct'; id: string } | null {
  const prefix = `${main}/conversations/`;
  if (!pathname.startsWith(prefix)) return null;
  const [type, encoded, ...rest] = pathname.slice(prefix.length).split('/');
  if ((type !== 'channel' && type !== 'direct') || !encoded || rest.length > 0) return null;
  try {
    return { type, id: decodeURIComponent(encoded) };
  } catch {
    return null;
  }
}
