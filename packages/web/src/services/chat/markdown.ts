/**
 * Safe markdown for message text (R-MSG-7). Raw HTML in
 * the source is escaped, the output is sanitised with DOMPurify, links open in a new tab with
 * rel="noopener noreferrer", and @mentions are wrapped for highlighting.
 */
import { Lexer, Marked, type Tokens } from 'marked';
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

/**
 * The renderer's start-up in small steps (R-DELIVERY-12): one per regular expression of the lexer
 * rules this renderer uses (GitHub-flavoured blocks, inline rules with line breaks), then one small
 * render. V8 compiles a regular expression the first time it runs, 5–15 ms for the larger block
 * rules here, so the first message rendered paid for all of them in one task; run one at a time
 * beforehand, they are tasks of their own. Each leaves its expression as it found it
 * (`lastIndex`).
 */
export function warmUpSteps(): (() => void)[] {
  const { block, inline } = Lexer.rules;
  const expressions = [...Object.values(block.gfm), ...Object.values(inline.breaks)].filter(
    (rule): rule is RegExp => rule instanceof RegExp,
  );
  return [
    ...expressions.map((expression) => () => {
      const at = expression.lastIndex;
      expression.exec('x');
      expression.lastIndex = at;
    }),
    () => void renderMarkdown('A **first** _text_ with `code` and @someone.'),
  ];
}
