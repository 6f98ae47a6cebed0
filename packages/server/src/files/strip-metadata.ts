import { rename, rm } from 'node:fs/promises';
import type { Metadata, Sharp } from 'sharp';
import { loadSharp } from './sharp.ts';
import { isImage } from './sniff.ts';

/** Same pixel cap as thumbnails: a decompression bomb is refused before it is decoded. */
const LIMIT_INPUT_PIXELS = 50_000_000;

/** Metadata that may tell where or when a photo was taken, or by whom (GPS above all). */
function carriesMetadata(meta: Metadata): boolean {
  return (
    Boolean(meta.exif ?? meta.xmp ?? meta.iptc ?? meta.tifftagPhotoshop) || (meta.comments?.length ?? 0) > 0
  );
}

function encode(image: Sharp, format: Metadata['format']): Sharp | undefined {
  if (format === 'jpeg') return image.jpeg({ quality: 90 });
  if (format === 'png') return image.png();
  if (format === 'webp') return image.webp({ quality: 90 });
  if (format === 'gif') return image.gif();
  return undefined;
}

/**
 * Moves the upload at `source` to `destination`, as an image without EXIF/XMP/IPTC metadata when
 * it is one: its orientation is applied to the pixels first (`rotate()`) so it still looks right
 * once the orientation tag is gone. Images without metadata are moved as they are (no needless
 * loss from re-encoding), and so are bytes that do not decode: they are kept as a plain file.
 * Works file to file, so a large upload never sits in memory whole.
 */
export async function moveWithoutMetadata(
  source: string,
  destination: string,
  mimeType: string,
): Promise<void> {
  if (isImage(mimeType)) {
    const sharp = await loadSharp();
    try {
      const animated = mimeType === 'image/gif' || mimeType === 'image/webp';
      const image = sharp(source, { animated, limitInputPixels: LIMIT_INPUT_PIXELS });
      const meta = await image.metadata();
      if (carriesMetadata(meta) || (meta.orientation ?? 1) !== 1) {
        // sharp writes no metadata unless asked (withMetadata/withExif), so re-encoding strips it.
        // rotate() only when needed: turning a multi-page (animated) image is not supported.
        const upright = (meta.orientation ?? 1) > 1 ? image.rotate() : image;
        const encoded = encode(upright, meta.format);
        if (encoded) {
          await encoded.toFile(destination);
          await rm(source, { force: true });
          return;
        }
      }
    } catch {
      // Magic numbers matched but the image does not decode: stored as a plain file below.
    }
  }
  await rename(source, destination);
}
