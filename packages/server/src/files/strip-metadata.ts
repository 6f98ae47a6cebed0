import sharp, { type Metadata, type Sharp } from 'sharp';
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
 * Returns the image without EXIF/XMP/IPTC metadata, its orientation applied to the pixels first
 * (`rotate()`) so it still looks right once the orientation tag is gone. Images without metadata
 * are returned as they are (no needless loss from re-encoding), and so are bytes that do not
 * decode: they were stored as a plain file before and stay so.
 */
export async function withoutMetadata(bytes: Buffer, mimeType: string): Promise<Buffer> {
  if (!isImage(mimeType)) return bytes;
  try {
    const animated = mimeType === 'image/gif' || mimeType === 'image/webp';
    const image = sharp(bytes, { animated, limitInputPixels: LIMIT_INPUT_PIXELS });
    const meta = await image.metadata();
    if (!carriesMetadata(meta) && (meta.orientation ?? 1) === 1) return bytes;
    // sharp writes no metadata unless asked (withMetadata/withExif), so re-encoding strips it.
    // rotate() only when needed: turning a multi-page (animated) image is not supported.
    const upright = (meta.orientation ?? 1) > 1 ? image.rotate() : image;
    const encoded = encode(upright, meta.format);
    return encoded ? await encoded.toBuffer() : bytes;
  } catch {
    return bytes;
  }
}
