import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { v7 as uuidv7 } from 'uuid';
import { isImage, sniffType } from './sniff.ts';
import { withoutMetadata } from './strip-metadata.ts';

/** Thumbnails fit in a 320 px square; webp keeps them small. */
const THUMBNAIL_SIZE = 320;

/** Chat files live under UPLOAD_DIR/chat, outside any static folder; only GET /api/files serves them. */
const chatDir = (uploadDir: string) => path.join(uploadDir, 'chat');
const resolveKey = (uploadDir: string, key: string) => path.join(chatDir(uploadDir), path.basename(key));

export type StoredFile = {
  id: string;
  mimeType: string;
  size: number;
  storageKey: string;
  thumbnailKey: string | null;
};

/**
 * Writes the bytes (and a thumbnail for images) and returns what the files row needs. Images are
 * stored without their EXIF/XMP metadata (a phone photo's GPS position must not reach the chat).
 */
export async function storeBytes(uploadDir: string, upload: Buffer): Promise<StoredFile> {
  await mkdir(chatDir(uploadDir), { recursive: true });
  const id = uuidv7();
  const mimeType = sniffType(upload);
  const bytes = await withoutMetadata(upload, mimeType);
  const storageKey = `${id}.bin`;
  await writeFile(resolveKey(uploadDir, storageKey), bytes, { mode: 0o600 });
  let thumbnailKey: string | null = null;
  if (isImage(mimeType)) {
    try {
      const thumbnail = await sharp(bytes, { animated: false, limitInputPixels: 50_000_000 })
        .rotate()
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 75 })
        .toBuffer();
      thumbnailKey = `${id}.thumb.webp`;
      await writeFile(resolveKey(uploadDir, thumbnailKey), thumbnail, { mode: 0o600 });
    } catch {
      // Magic numbers matched but the image does not decode: keep the file, skip the preview.
      thumbnailKey = null;
    }
  }
  return { id, mimeType, size: bytes.length, storageKey, thumbnailKey };
}

export async function readStored(uploadDir: string, key: string): Promise<Buffer> {
  return readFile(resolveKey(uploadDir, key));
}

/** Best effort: a leftover file wastes space but harms no one, so errors are swallowed. */
export async function removeStored(uploadDir: string, keys: (string | null)[]): Promise<void> {
  await Promise.all(
    keys.flatMap((key) =>
      key ? [rm(resolveKey(uploadDir, key), { force: true }).catch(() => undefined)] : [],
    ),
  );
}
