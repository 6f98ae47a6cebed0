import { z } from 'zod';

/** Most bytes of a page read for its preview; the rest is never fetched. */
export const LINK_PREVIEW_MAX_HTML_BYTES = 512 * 1024;
/** Most bytes of a preview's image read before it is made into a thumbnail. */
export const LINK_PREVIEW_MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** A page (or its image) that takes longer than this, redirects included, gets no preview. */
export const LINK_PREVIEW_TIMEOUT_MS = 5_000;
/** Redirects followed per fetch, each hop's address checked again. */
export const LINK_PREVIEW_MAX_REDIRECTS = 3;
/** A link's preview is fetched once a day at most, however many messages carry it. */
export const LINK_PREVIEW_CACHE_MS = 24 * 60 * 60 * 1000;
/** The stored thumbnail's longest side, in pixels. */
export const LINK_PREVIEW_THUMBNAIL_PX = 160;
/** A preview's title and description are cut to these many characters. */
export const LINK_PREVIEW_TITLE_MAX = 200;
export const LINK_PREVIEW_DESCRIPTION_MAX = 300;

/**
 * The card under a message with a link. `image` is a small thumbnail stored by the
 * server as a data URL (never the page's own image address: a resident's browser never asks the
 * third party for anything; docs/decisions/0037-link-preview-images.md), with its size so the card
 * reserves its space before it draws.
 */
export const linkPreviewSchema = z.object({
  /** The link as written in the message. */
  url: z.string(),
  /** The page's canonical address (og:url or link rel=canonical) when it gives one, else the final URL. */
  canonicalUrl: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  siteName: z.string().nullable(),
  image: z.string().nullable(),
  imageWidth: z.number().int().nullable(),
  imageHeight: z.number().int().nullable(),
});
export type LinkPreview = z.infer<typeof linkPreviewSchema>;
