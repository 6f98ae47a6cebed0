/**
 * The sanitiser of rendered message text, apart from the markdown parser
 * (markdown.ts) so the two load as separate chunks and start in separate tasks: together their
 * start-up is one long task on a phone while a conversation opens. Only the tags
 * and attributes message markdown produces survive; links keep opening safely in a new tab.
 */
import DOMPurify from 'dompurify';

let hooked = false;

/** Rendered message HTML with everything but the message tags and attributes removed. */
export function purify(html: string): string {
  if (!hooked) {
    // DOMPurify drops target by default; links must keep opening safely in a new tab.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.hasAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [
      'p',
      'br',
      'strong',
      'em',
      'del',
      'code',
      'pre',
      'blockquote',
      'ul',
      'ol',
      'li',
      'a',
      'span',
      'h1',
      'h2',
      'h3',
      'h4',
      'hr',
    ],
    ALLOWED_ATTR: ['href', 'title', 'target', 'rel', 'class'],
  });
}
