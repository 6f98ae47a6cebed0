/**
 * The first http(s) link of a message's text (bare, in <…> or in a markdown link),
 * without the punctuation that ends a sentence around it; null when there is none.
 */
export function firstLink(content: string): string | null {
  const match = /https?:\/\/[^\s<>()[\]"'`]+/i.exec(content);
  if (!match) return null;
  const link = match[0].replace(/[.,;:!?*_~]+$/, '');
  try {
    const url = new URL(link);
    return url.hostname ? url.href : null;
  } catch {
    return null;
  }
}
