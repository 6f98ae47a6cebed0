import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGE_PAGE_SIZE, TEXTS, type Message } from '@stoop/shared';
import {
  conversationIdOfPath,
  firstPageDataBlock,
  firstSessionDataBlock,
  renderFirstView,
  type FirstViewRow,
} from '@stoop/shared/first-view';
import { viewerOf, viewingAs } from '../../auth/http/guards.ts';
import { loadSession } from '../../auth/http/session.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { listMessages } from '../service.ts';
import { pageBody } from '../page-body.ts';
import { seesHiddenContent } from '../../access/index.ts';
import { presentSelf } from '../../users/present.ts';
import { findUsers } from '../../users/service.ts';
import { DomainError } from '../../errors.ts';
import { conversationScreenPreloads } from '../screen-preloads.ts';

const ROOT_ELEMENT = '<div id="root"></div>';
const HEAD_END = '</head>';

type Page = Awaited<ReturnType<typeof listMessages>>;

/** The rows the app would show: no tombstones, hidden text only for those who may read it. */
async function rowsOf(
  request: FastifyRequest,
  viewer: UserRow,
  messages: Message[],
): Promise<FirstViewRow[]> {
  const shown = messages.filter((m) => m.deletedAt === null);
  const authorIds = [...new Set(shown.map((m) => m.userId))];
  const authors = new Map((await findUsers(request.server.db, authorIds)).map((u) => [u.id, u]));
  return shown.map((message) => {
    const author = authors.get(message.userId);
    const bot = message.metadata.bot ?? null;
    const hiddenFromViewer = message.metadata.adminHidden && !seesHiddenContent(viewer, message.userId);
    return {
      authorName: bot?.name ?? author?.username ?? 'Someone',
      authorAvatar: bot ? null : (author?.avatar ?? null),
      text: hiddenFromViewer ? null : message.content,
      fileName: hiddenFromViewer ? null : message.fileName,
      // Redacted with the text; the page's own list shows the same card.
      linkPreview: hiddenFromViewer ? null : (message.linkPreview ?? null),
    };
  });
}

/** A direct conversation is titled by the other participant, as in the app's header. */
async function titleOf(request: FastifyRequest, viewer: UserRow, page: Page): Promise<string> {
  const { conversation } = page;
  if (conversation.type === 'channel') return conversation.name;
  const otherId = conversation.participants.find((id) => id !== viewer.id) ?? viewer.id;
  const [other] = await findUsers(request.server.db, [otherId]);
  return other?.username ?? conversation.name;
}

/**
 * R-DELIVERY-11: a conversation's newest messages, drawn (@stoop/shared's first-view.ts) and as the JSON of
 * its first read, for a signed-in, unlocked reader of it; '' when the path is no conversation's or
 * the visitor may not read it. The page is read through listMessages, the same call and access check
 * as GET /api/conversations/{id}/messages (R-ACCESS-0): a visitor who may not read the conversation
 * gets the page without it, exactly as for a conversation that does not exist.
 */
async function firstView(request: FastifyRequest, pathname: string): Promise<string> {
  const conversationId = conversationIdOfPath(pathname);
  const viewer = request.user;
  // An admin viewing as someone else reads no conversation of theirs.
  if (!conversationId || !viewer || viewer.isLocked || viewingAs(request)) return '';
  // It reads as GET …/messages does, so it counts as that call would (a spent limit throws: the
  // caller sends the plain page, and the app's own calls get the 429).
  await request.server.countApiCall(request);
  let page: Page;
  try {
    page = await listMessages(request.server, viewer, conversationId, { limit: MESSAGE_PAGE_SIZE });
  } catch (error) {
    if (error instanceof DomainError) return '';
    throw error;
  }
  const messages = page.messageTexts.map((text) => JSON.parse(text) as Message);
  const view = renderFirstView({
    path: pathname,
    title: await titleOf(request, viewer, page),
    isChannel: page.conversation.type === 'channel',
    rows: await rowsOf(request, viewer, messages),
    hiddenText: TEXTS.messageHiddenByAdmin,
  });
  return `${view}${firstPageDataBlock(conversationId, pageBody(page))}`;
}

/**
 * The app's page for any of its paths, written for this visitor: the session check's answer
 * (R-DELIVERY-13: what GET /api/protected/user would answer, so the app's guard renders without
 * asking first) and, on a conversation's URL, its first view (R-DELIVERY-11) and its screen's chunks
 * and whether it holds
 * anything of a signed-in visitor's. Null when the built page has no root element to write after;
 * the caller then sends the file as it is.
 */
export async function appPage(
  request: FastifyRequest,
  reply: FastifyReply,
  distDir: string,
): Promise<{ html: string; personal: boolean } | null> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  if (!html.includes(ROOT_ELEMENT)) return null;
  await loadSession(request, reply);
  const pathname = request.url.split('?')[0] ?? '';
  const user = request.user ? presentSelf(request.user) : null;
  // A view that cannot be drawn (the resident's call limit is spent, say) leaves the page without it.
  const view = await firstView(request, pathname).catch((error: unknown) => {
    request.log.warn({ err: error }, 'first view not drawn');
    return '';
  });
  const written = `${view}${firstSessionDataBlock({ user, ...(user ? viewerOf(request) : {}) })}`;
  // Replaced through a function: a replacement string would read `$&` or `$'` in a message as
  // patterns and copy parts of the page into it.
  let page = html.replace(ROOT_ELEMENT, () => `${ROOT_ELEMENT}${written}`);
  // A drawn conversation's screen chunks start loading with the page.
  if (view) page = page.replace(HEAD_END, () => `${conversationScreenPreloads(distDir, html)}${HEAD_END}`);
  return { html: page, personal: user !== null };
}

/**
 * Sends an app page written for one visitor, compressed as the static page would be, at
 * a brotli level that costs about a millisecond for a page of this size. A signed-in visitor's page
 * is never stored by any cache; one without a session holds nothing of anyone's and is only
 * revalidated, as the static page is, so the browser may keep it for going back (back/forward cache).
 */
export function sendAppPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { html: string; personal: boolean },
) {
  const { html } = page;
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', page.personal ? 'no-store' : 'no-cache')
    .header('vary', 'accept-encoding, cookie');
  if (/\bbr\b/.test(accepted))
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}
