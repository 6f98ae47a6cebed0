import {
  LINK_PREVIEW_CACHE_MS,
  LINK_PREVIEW_MAX_HTML_BYTES,
  LINK_PREVIEW_MAX_IMAGE_BYTES,
  LINK_PREVIEW_THUMBNAIL_PX,
  type LinkPreview,
} from '@stoop/shared';
import type { Context } from '../context.ts';
import { loadSharp } from '../files/sharp.ts';
import { blockedAddresses } from '../integrations/address-guard.ts';
import { fetchPage, type FetchedPage } from './fetch-page.ts';
import { parsePage } from './parse-page.ts';
import * as repo from './repo.ts';

/** Image types made into a thumbnail; anything else (SVG above all: it is a document) is left out. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);
/** Pixels sharp decodes at most: a small file must not unpack into a huge bitmap. */
const MAX_INPUT_PIXELS = 40_000_000;

/** The page's text in its declared encoding (header, else <meta charset>), UTF-8 when unknown. */
function pageText(page: FetchedPage): string {
  const declared =
    page.charset ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(page.body.subarray(0, 2048).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(page.body);
  } catch {
    return new TextDecoder('utf-8').decode(page.body);
  }
}

/**
 * R-PREVIEW-4: the page's image as a small WebP data URL, fetched through the same guard as the
 * page, so no resident's browser ever asks the third party for it. Null when there is none usable.
 */
async function thumbnailOf(
  imageUrl: string,
  options: { blocks: (address: string) => boolean; signal?: AbortSignal | undefined },
): Promise<Pick<LinkPreview, 'image' | 'imageWidth' | 'imageHeight'>> {
  const none = { image: null, imageWidth: null, imageHeight: null };
  try {
    const image = await fetchPage(imageUrl, {
      ...options,
      accept: 'image/webp, image/png, image/jpeg, image/gif, image/avif',
      accepts: (type) => IMAGE_TYPES.has(type),
      maxBytes: LINK_PREVIEW_MAX_IMAGE_BYTES,
    });
    const sharp = await loadSharp();
    const { data, info } = await sharp(image.body, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(LINK_PREVIEW_THUMBNAIL_PX, LINK_PREVIEW_THUMBNAIL_PX, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 60 })
      .toBuffer({ resolveWithObject: true });
    return {
      image: `data:image/webp;base64,${data.toString('base64')}`,
      imageWidth: info.width,
      imageHeight: info.height,
    };
  } catch {
    return none;
  }
}

/** R-PREVIEW-1, R-PREVIEW-2: fetches and reads a link's page; null when it gives no card. */
async function fetchPreview(
  ctx: Context,
  url: string,
  signal: AbortSignal | undefined,
): Promise<LinkPreview | null> {
  const blocks = blockedAddresses(ctx.config.FEED_ALLOW_PRIVATE_ADDRESSES);
  try {
    const page = await fetchPage(url, {
      blocks,
      signal,
      accept: 'text/html, application/xhtml+xml;q=0.9',
      accepts: (type) => type === 'text/html' || type === 'application/xhtml+xml',
      maxBytes: LINK_PREVIEW_MAX_HTML_BYTES,
    });
    const facts = parsePage(pageText(page), page.finalUrl);
    if (!facts) return null;
    const image = facts.imageUrl ? await thumbnailOf(facts.imageUrl, { blocks, signal }) : null;
    return {
      url,
      canonicalUrl: facts.canonicalUrl,
      title: facts.title,
      description: facts.description,
      siteName: facts.siteName,
      image: image?.image ?? null,
      imageWidth: image?.imageWidth ?? null,
      imageHeight: image?.imageHeight ?? null,
    };
  } catch {
    // A refused address, a time-out, a page too large or not HTML: no card, and no error for anyone.
    return null;
  }
}

/**
 * R-PREVIEW-3: a link's card from the day's cache, else fetched once (concurrent asks for one link
 * in this process share the fetch) and kept a day, a page that gave nothing included.
 */
export function linkPreviewCache(ctx: Context, signal?: AbortSignal) {
  const inFlight = new Map<string, Promise<LinkPreview | null>>();
  return async (url: string): Promise<LinkPreview | null> => {
    const cached = await repo.findCached(ctx.db, url);
    if (cached && Date.now() - cached.fetchedAt.getTime() < LINK_PREVIEW_CACHE_MS) return cached.preview;
    let fetching = inFlight.get(url);
    if (!fetching) {
      fetching = fetchPreview(ctx, url, signal).then(async (preview) => {
        if (!signal?.aborted) await repo.storeCached(ctx.db, url, preview, LINK_PREVIEW_CACHE_MS);
        return preview;
      });
      inFlight.set(url, fetching);
      void fetching.finally(() => inFlight.delete(url)).catch(() => undefined);
    }
    return fetching;
  };
}
