/**
 * The first view of a conversation, drawn by the server into the page it sends for
 * the conversation's URL, so a resident reads its newest messages before the app's JavaScript has
 * loaded. The app removes it once its own list is on screen (packages/web/src/services/ui/first-view.ts).
 * Plain text only, as the app shows a message before its markdown renderer has loaded: nothing the
 * server draws is interpreted as markup. The classes are Tailwind's; the web build's stylesheet
 * scans this file (packages/web/src/index.css), so every class here is in it.
 */
import { linkPreviewThumbnailBox } from './link-preview-box.ts';
import type { LinkPreview } from './schemas/link-previews.ts';
import { conversationOfPath } from './web-paths.ts';

/** The element holding the drawn view (removed by the app). */
export const FIRST_VIEW_ELEMENT_ID = 'first-view';
/** The data block holding the same page as JSON, for the app's first read. */
export const FIRST_PAGE_ELEMENT_ID = 'first-page';

/**
 * The web app's screen modules (keys of its build manifest) a conversation's page
 * renders at start, below the entry: the dashboard layout and the conversation page. The server
 * names their chunks in the page it sends, so the browser fetches them while it parses the page.
 */
export const CONVERSATION_SCREEN_MODULES = [
  'src/pages/main/MainDashboardLayout.tsx',
  'src/pages/chat/ConversationPage.tsx',
] as const;

/** The conversation id of a conversation page's path (only there is a first view), or null. */
export function conversationIdOfPath(pathname: string): string | null {
  return conversationOfPath(pathname)?.id ?? null;
}

export interface FirstViewRow {
  authorName: string;
  /** One of the app's own avatar paths, or null for initials. */
  authorAvatar: string | null;
  /** The text to show; null when it is hidden from the reader (shown as `hiddenText`). */
  text: string | null;
  /** An attachment's file name, shown as a chip. */
  fileName: string | null;
  /** R-PREVIEW-6: the card of its first link, drawn as the app draws it. */
  linkPreview: LinkPreview | null;
}

export interface FirstView {
  /** The path it was drawn for: the app removes it when it settles anywhere else. */
  path: string;
  title: string;
  isChannel: boolean;
  rows: FirstViewRow[];
  /** What a message hidden by an admin shows instead of its text. */
  hiddenText: string;
}

/** Escapes text for HTML content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A name's initials for an avatar without a picture: the first letters of its first and last words. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts.at(-1)] : [parts[0]?.slice(0, 2)];
  const initials = letters.map((p) => p?.[0] ?? '').join('');
  return (initials.toUpperCase() || '?').slice(0, 2);
}

/**
 * Message text as plain HTML, laid out as the markdown renderer would lay it out but without any
 * markup: paragraphs and line breaks, everything else escaped. The app shows this until its
 * markdown renderer has loaded (components/chat/use-markdown.ts), and the first view draws it.
 */
export function plainTextHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

function avatar(row: FirstViewRow): string {
  const size = 'mt-0.5 h-9 w-9 text-xs shrink-0 rounded-full';
  // Only the app's own avatar paths: the view never loads anything from another origin.
  if (row.authorAvatar?.startsWith('/api/'))
    return `<img src="${escapeHtml(row.authorAvatar)}" alt="" class="${size} object-cover">`;
  return `<span aria-hidden="true" class="${size} flex items-center justify-center bg-brand-100 font-semibold text-brand-800">${escapeHtml(initialsOf(row.authorName))}</span>`;
}

function body(row: FirstViewRow, hiddenText: string): string {
  if (row.text === null) return `<p class="text-sm italic text-slate-500">${escapeHtml(hiddenText)}</p>`;
  const text = row.text
    ? `<div class="prose-chat break-words text-sm leading-6 text-slate-800">${plainTextHtml(row.text)}</div>`
    : '';
  const file = row.fileName
    ? `<p class="mt-1 inline-flex max-w-full items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800"><span class="truncate">${escapeHtml(row.fileName)}</span></p>`
    : '';
  return text + file + (row.linkPreview ? linkCard(row.linkPreview) : '');
}

/**
 * R-PREVIEW-6: the link card as LinkPreviewCard draws it (without the author's ✕, which needs the
 * app), its thumbnail's space reserved from its size, so nothing moves when the app takes over.
 */
function linkCard(preview: LinkPreview): string {
  const box = linkPreviewThumbnailBox(preview);
  const image =
    box && preview.image
      ? `<img src="${escapeHtml(preview.image)}" alt="" width="${box.width}" height="${box.height}" style="width:${box.width}px;height:${box.height}px" class="shrink-0 rounded object-cover">`
      : '';
  const site = preview.siteName
    ? `<p class="truncate text-xs font-medium uppercase tracking-wide text-slate-500">${escapeHtml(preview.siteName)}</p>`
    : '';
  const description = preview.description
    ? `<p class="line-clamp-2 break-words text-xs text-slate-600">${escapeHtml(preview.description)}</p>`
    : '';
  // Only web addresses become links: the card's address comes from a third party's page.
  const href = /^https?:\/\//i.test(preview.canonicalUrl) ? preview.canonicalUrl : preview.url;
  const title = /^https?:\/\//i.test(href)
    ? `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer nofollow" referrerpolicy="no-referrer" class="line-clamp-2 break-words text-sm font-semibold text-brand-800 hover:underline">${escapeHtml(preview.title)}</a>`
    : `<p class="line-clamp-2 break-words text-sm font-semibold text-brand-800">${escapeHtml(preview.title)}</p>`;
  return (
    `<div class="mt-1 flex w-full max-w-md min-w-0 gap-3 rounded-lg border border-slate-200 border-l-4 border-l-brand-600 bg-slate-50 p-2" data-link-preview>` +
    `${image}<div class="min-w-0 flex-1">${site}${title}${description}</div></div>`
  );
}

function rowHtml(row: FirstViewRow, hiddenText: string): string {
  return (
    `<article class="flex gap-3 px-3 py-2 sm:px-4">${avatar(row)}<div class="min-w-0 flex-1">` +
    `<header class="flex flex-wrap items-baseline gap-x-2"><span class="text-sm font-semibold text-slate-900">${escapeHtml(row.authorName)}</span></header>` +
    `${body(row, hiddenText)}</div></article>`
  );
}

/**
 * The first view as HTML: the app's header bar, the conversation's header and its newest messages
 * at the bottom of the screen, above where the composer will be. Fixed over the page, so nothing
 * under it moves when the app's own screen replaces it.
 */
export function renderFirstView(view: FirstView): string {
  const rows = view.rows.map((row) => rowHtml(row, view.hiddenText)).join('');
  const mark = view.isChannel ? '<span aria-hidden="true" class="text-slate-400">#</span>' : '';
  return (
    `<div id="${FIRST_VIEW_ELEMENT_ID}" data-path="${escapeHtml(view.path)}" class="fixed inset-0 z-50 flex flex-col bg-white">` +
    `<div class="z-20 shrink-0 border-b border-slate-200 bg-white pt-[env(safe-area-inset-top)]"><div class="flex h-14 items-center gap-2 px-2 sm:px-4"></div></div>` +
    `<header class="flex min-h-14 items-center gap-3 border-b border-slate-200 bg-white px-3 py-2 sm:px-4">${mark}` +
    `<h1 class="min-w-0 flex-1 truncate text-base font-semibold text-slate-900">${escapeHtml(view.title)}</h1></header>` +
    `<div class="flex min-h-0 flex-1 flex-col justify-end overflow-hidden" role="region" aria-label="Messages">${rows}</div>` +
    `<div class="h-16 shrink-0 border-t border-slate-200 bg-white"></div>` +
    `</div>`
  );
}

/** JSON as a data block with the given id: `<` is escaped so no text in it can end the element. */
function jsonDataBlock(id: string, json: string, attributes = ''): string {
  return `<script type="application/json" id="${id}"${attributes}>${json.replace(/</g, '\\u003c')}</script>`;
}

/** The page's JSON as a data block, marked with the conversation it is of. */
export function firstPageDataBlock(conversationId: string, pageJson: string): string {
  return jsonDataBlock(
    FIRST_PAGE_ELEMENT_ID,
    pageJson,
    ` data-conversation-id="${escapeHtml(conversationId)}"`,
  );
}

/** The data block holding the session check's answer (R-DELIVERY-13). */
export const FIRST_SESSION_ELEMENT_ID = 'first-session';

/**
 * R-DELIVERY-13: the body GET /api/protected/user would answer for this visitor (`{ user: null }`
 * for one without a session) as a data block.
 */
export function firstSessionDataBlock(body: { user: unknown; viewer?: unknown }): string {
  return jsonDataBlock(FIRST_SESSION_ELEMENT_ID, JSON.stringify(body));
}
