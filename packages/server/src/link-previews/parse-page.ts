import { LINK_PREVIEW_DESCRIPTION_MAX, LINK_PREVIEW_TITLE_MAX } from '@stoop/shared';

/** What a page says about itself for a preview; addresses are absolute, resolved against the page. */
export type PageFacts = {
  title: string;
  description: string | null;
  siteName: string | null;
  imageUrl: string | null;
  canonicalUrl: string;
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    const code = name.startsWith('#x') || name.startsWith('#X') ? parseInt(name.slice(2), 16) : NaN;
    const decimal = name.startsWith('#') && Number.isNaN(code) ? parseInt(name.slice(1), 10) : code;
    if (name.startsWith('#'))
      return Number.isInteger(decimal) && decimal > 0 && decimal <= 0x10ffff
        ? String.fromCodePoint(decimal)
        : whole;
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Plain text of at most `max` characters: entities decoded, tags dropped, spaces collapsed. */
function clean(text: string | undefined, max: number): string | null {
  if (text === undefined) return null;
  const plain = decodeEntities(text.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
  if (!plain) return null;
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}

/** The attributes of one start tag, names lower-cased, values entity-decoded. */
function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    const name = match[1]?.toLowerCase();
    if (name && !found.has(name)) found.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return found;
}

/** An http(s) address resolved against the page, or null for anything else (javascript:, data:). */
function absolute(address: string | undefined, base: URL): string | null {
  if (!address) return null;
  try {
    const url = new URL(address.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The preview facts of an HTML page from its Open Graph and Twitter card tags, else its
 * <title> and description. Markup is never evaluated: only start tags of the head are read as text.
 * Null when the page gives no title at all (no card is better than a card of a bare address).
 */
export function parsePage(html: string, pageUrl: URL): PageFacts | null {
  // What a preview needs lives in the head; a body's own <meta> or <title> (in an SVG, say) is not it.
  const head = html.split(/<body[\s>]/i)[0] ?? html;
  const meta = new Map<string, string>();
  for (const [tag] of head.matchAll(/<meta\s[^>]*>/gi)) {
    const attrs = attributes(tag);
    const key = (attrs.get('property') ?? attrs.get('name'))?.toLowerCase();
    const content = attrs.get('content');
    if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
  }
  let canonical: string | undefined;
  for (const [tag] of head.matchAll(/<link\s[^>]*>/gi)) {
    const attrs = attributes(tag);
    if (attrs.get('rel')?.toLowerCase().split(/\s+/).includes('canonical')) canonical ??= attrs.get('href');
  }
  const titleTag = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(head)?.[1];
  const title = clean(meta.get('og:title') ?? meta.get('twitter:title') ?? titleTag, LINK_PREVIEW_TITLE_MAX);
  if (!title) return null;
  return {
    title,
    description: clean(
      meta.get('og:description') ?? meta.get('twitter:description') ?? meta.get('description'),
      LINK_PREVIEW_DESCRIPTION_MAX,
    ),
    siteName:
      clean(meta.get('og:site_name'), LINK_PREVIEW_TITLE_MAX) ?? pageUrl.hostname.replace(/^www\./, ''),
    imageUrl: absolute(
      meta.get('og:image:secure_url') ??
        meta.get('og:image') ??
        meta.get('og:image:url') ??
        meta.get('twitter:image') ??
        meta.get('twitter:image:src'),
      pageUrl,
    ),
    canonicalUrl: absolute(meta.get('og:url') ?? canonical, pageUrl) ?? pageUrl.href,
  };
}
