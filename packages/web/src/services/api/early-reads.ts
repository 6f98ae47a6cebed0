/**
 * Reads started before the code that needs them has loaded. Opening a conversation
 * by its URL asks for its newest message page when the router is created, in parallel with the
 * entry's session check and the page chunks, instead of after the session check, the dashboard
 * layout and the conversation page have each loaded and rendered in turn. The conversation page's
 * first read takes that answer once, if it is for the same conversation and still fresh; any other
 * read goes to the server as before. The server checks access on this read like on any other: a
 * visitor who is not signed in, or not a participant, gets the same 401 or 404 the page would get.
 * When the server sent the page inside the HTML, that is the early answer and
 * nothing is asked.
 */
import type { ApiResponse } from '@stoop/shared';
import { EARLY_READ_MAX_AGE_MS, MESSAGE_PAGE_SIZE } from '@stoop/shared/constants';
import { FIRST_PAGE_ELEMENT_ID, FIRST_SESSION_ELEMENT_ID } from '@stoop/shared/first-view';
import { callApi } from '../http/client.ts';

type FirstPage = ApiResponse<'getMessages'>;

interface EarlyRead {
  conversationId: string;
  startedAt: number;
  page: Promise<FirstPage>;
}

let early: EarlyRead | null = null;

/**
 * A JSON data block the server wrote into the page, taken out of the document (so it is read at
 * most once) with its parsed body; undefined when there is none, body undefined when it is not JSON.
 */
function takeDataBlock(id: string): { block: HTMLElement; body: unknown } | undefined {
  const block = document.getElementById(id);
  if (!block) return undefined;
  block.remove();
  try {
    return { block, body: JSON.parse(block.textContent ?? '') as unknown };
  } catch {
    return { block, body: undefined };
  }
}

/**
 * The page the server put into the HTML for this conversation, taken out of the
 * document once; null when there is none or it is another conversation's. It was read when the
 * page was requested, so it is as old as the navigation.
 */
function embeddedFirstPage(conversationId: string): FirstPage | null {
  const taken = takeDataBlock(FIRST_PAGE_ELEMENT_ID);
  if (taken?.block.dataset.conversationId !== conversationId) return null;
  return (taken.body as FirstPage | undefined) ?? null;
}

/** Starts reading the newest message page of `conversationId` (the same call the page makes). */
export function readFirstPageEarly(conversationId: string, now = Date.now()): void {
  const embedded = embeddedFirstPage(conversationId);
  if (embedded) {
    early = { conversationId, startedAt: performance.timeOrigin, page: Promise.resolve(embedded) };
    return;
  }
  const page = callApi('getMessages', {
    params: { id: conversationId },
    query: { limit: MESSAGE_PAGE_SIZE },
  });
  // A failure reaches the screen only through the read that takes this answer.
  page.catch(() => undefined);
  early = { conversationId, startedAt: now, page };
}

/**
 * The early answer for `conversationId`, at most once; null when there is none, it is for another
 * conversation, or it started more than EARLY_READ_MAX_AGE_MS ago (a page that old may miss
 * messages the live connection has delivered since, so it is read again).
 */
export function takeEarlyFirstPage(conversationId: string, now = Date.now()): Promise<FirstPage> | null {
  const found = early;
  early = null;
  if (!found || found.conversationId !== conversationId) return null;
  if (now - found.startedAt > EARLY_READ_MAX_AGE_MS) return null;
  return found.page;
}

/**
 * The session check's answer the server wrote into the page (the body of
 * GET /api/protected/user, `{ user: null }` for a visitor without a session), taken out of the
 * document once; undefined when there is none (a page from the service worker's cache, or a
 * second check), and the check asks the server.
 */
export function takeEmbeddedSession(): { user: unknown; viewer?: unknown } | undefined {
  const body = takeDataBlock(FIRST_SESSION_ELEMENT_ID)?.body;
  if (typeof body !== 'object' || body === null || !('user' in body)) return undefined;
  return 'viewer' in body ? { user: body.user, viewer: body.viewer } : { user: body.user };
}
