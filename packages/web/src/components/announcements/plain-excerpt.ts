/**
 * The banner shows two lines of an announcement's markdown as plain text: the marks
 * (`**bold**`, `_em_`, `` `code` ``, headings, quotes, list bullets, `[text](url)`) go, the words
 * stay. The full markdown renderer loads with the announcements page, not on every screen.
 */
export function plainExcerpt(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/(\*\*|__|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])([*_])(?=\S)([^*_\n]*?\S)\2(?=[^\w*]|$)/g, '$1$3')
    .replace(/`([^`\n]*)`/g, '$1');
}
