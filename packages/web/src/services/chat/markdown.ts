/**
 * Safe markdown for message text (R-MSG-7). Raw HTML in
 * the source is escaped, the output is sanitised with DOMPurify, links open in a new tab with
 * rel="noopener noreferrer", and @mentions are wrapped for highlighting.
 */
import { Marked, type Tokens } from 'marked';
import { escapeHtml } from '@stoop/shared/first-view';
import { purify } from './sanitize.ts';

const SAFE_URL = /^(https?:|mailto:)/i;

const marked = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    // Raw HTML is shown as text, never interpreted.
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    link({ href, title, tokens }: Tokens.Link) {
      const label = this.parser.parseInline(tokens);
      if (!SAFE_URL.test(href)) return label;
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
      return `<a href="${escapeHtml(href)}"${titleAttr} target="_blank" rel="noopener noreferrer">${label}</a>`;
    },
    image({ href, text }: Tokens.Image) {
      // Inline images from arbitrary hosts would leak who reads a message; show a link instead.
      if (!SAFE_URL.test(href)) return escapeHtml(text);
      return `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${escapeHtml(text || href)}</a>`;
    },
  },
});

const MENTION = /(^|[\s(])@([\p{L}\p{N}_.-]+)/gu;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * With the usernames the server resolved (usernames may contain spaces), whole names are
 * highlighted, longest first, as the server matches them; without, any @word is.
 */
function mentionPattern(names: readonly string[]): RegExp {
  if (names.length === 0) return MENTION;
  const alternatives = [...names]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  return new RegExp(`(^|[^\\p{L}\\p{N}_])@(${alternatives})(?![\\p{L}\\p{N}_])`, 'giu');
}

/** Wraps @name in text nodes (not inside links or code) for highlighting. */
function highlightMentions(html: string, names: readonly string[]): string {
  const pattern = mentionPattern(names);
  const template = document.createElement('template');
  template.innerHTML = html;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT);
  const textNodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent?.closest('a, code, pre')) continue;
    if (pattern.test(node.textContent ?? '')) textNodes.push(node as Text);
    pattern.lastIndex = 0;
  }
  for (const node of textNodes) {
    const span = document.createElement('span');
    span.innerHTML = escapeHtml(node.textContent ?? '').replace(
      pattern,
      '$1<span class="mention">@$2</span>',
    );
    node.replaceWith(...span.childNodes);
  }
  return template.innerHTML;
}

/** Message text → sanitised HTML; `mentionNames` are the usernames the message mentions. */
export function renderMarkdown(source: string, mentionNames: readonly string[] = []): string {
  const html = marked.parse(source, { async: false });
  return purify(highlightMentions(html, mentionNames));
}
