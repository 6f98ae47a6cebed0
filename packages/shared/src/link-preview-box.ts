/** Apart from the schemas (no zod): the first view drawn by the server (first-view.ts) uses it too. */
import type { LinkPreview } from './schemas/link-previews.ts';

/**
 * The link card's thumbnail's box on the card, at most 4.5 rem high and 6 rem wide in the image's
 * own proportions; null for a card without an image. The app's card and the server's first view
 * both reserve it, so nothing moves when the image draws or the app takes over.
 */
export function linkPreviewThumbnailBox(
  preview: Pick<LinkPreview, 'image' | 'imageWidth' | 'imageHeight'>,
): { width: number; height: number } | null {
  const { imageWidth: width, imageHeight: height } = preview;
  if (!preview.image || !width || !height) return null;
  const scale = Math.min(72 / height, 96 / width, 1);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}
