import { chmod, mkdir, open, rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { isImage, sniffType } from './sniff.ts';
import { loadSharp } from './sharp.ts';
import { moveWithoutMetadata } from './strip-metadata.ts';

/** Thumbnails fit in a 320 px square; webp keeps them small. */
const THUMBNAIL_SIZE = 320;
/** Enough of the file's start for sniffType's magic numbers and its 8 KiB text sample. */
const SNIFF_BYTES = 16 * 1024;

/** Chat files live under UPLOAD_DIR/chat, outside any static folder; only GET /api/files serves them. */
export const chatDir = (uploadDir: string) => path.join(uploadDir, 'chat');
/** Uploads being received; a file here belongs to no row (the start-up sweep removes leftovers). */
export const incomingDir = (uploadDir: string) => path.join(uploadDir, 'incoming');
const resolveKey = (uploadDir: string, key: string) => path.join(chatDir(uploadDir), path.basename(key));

export type StoredFile = {
  id: string;
  mimeType: string;
  size: number;
  storageKey: string;
  thumbnailKey: string | null;
  /** The thumbnail's size in pixels (null without one): readers reserve its space. */
  thumbnailWidth: number | null;
  thumbnailHeight: number | null;
};

/** A fresh path under UPLOAD_DIR/incoming for an upload to be streamed into. */
export async function incomingPath(uploadDir: string): Promise<string> {
  await mkdir(incomingDir(uploadDir), { recursive: true });
  return path.join(incomingDir(uploadDir), `${uuidv7()}.part`);
}

export async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Moves a received upload (a file under UPLOAD_DIR/incoming) into the chat store, writes a
 * thumbnail for images (unless `thumbnail` is false), and returns what the files row needs. The
 * type comes from the bytes; images lose their EXIF/XMP metadata (a phone photo's GPS
 * position must not reach the chat). File to file throughout: a 24 MB upload is never held in memory.
 */
export async function storeUpload(
  uploadDir: string,
  source: string,
  { thumbnail = true }: { thumbnail?: boolean } = {},
): Promise<StoredFile> {
  await mkdir(chatDir(uploadDir), { recursive: true });
  const id = uuidv7();
  const mimeType = sniffType(await readHead(source));
  const storageKey = `${id}.bin`;
  const destination = resolveKey(uploadDir, storageKey);
  await moveWithoutMetadata(source, destination, mimeType);
  await chmod(destination, 0o600);
  let thumbnailKey: string | null = null;
  let size: { width: number; height: number } | null = null;
  if (thumbnail && isImage(mimeType)) {
    const sharp = await loadSharp();
    try {
      thumbnailKey = `${id}.thumb.webp`;
      const thumbnailPath = resolveKey(uploadDir, thumbnailKey);
      size = await sharp(destination, { animated: false, limitInputPixels: 50_000_000 })
        .rotate()
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 75 })
        .toFile(thumbnailPath);
      await chmod(thumbnailPath, 0o600);
    } catch {
      // Magic numbers matched but the image does not decode: keep the file, skip the preview.
      thumbnailKey = null;
      size = null;
    }
  }
  return {
    id,
    mimeType,
    size: (await stat(destination)).size,
    storageKey,
    thumbnailKey,
    thumbnailWidth: size?.width ?? null,
    thumbnailHeight: size?.height ?? null,
  };
}

/** A stored file as a stream (downloads are not held in memory whole either); rejects when it is gone. */
export async function openStored(uploadDir: string, key: string): Promise<Readable> {
  const handle = await open(resolveKey(uploadDir, key), 'r');
  return handle.createReadStream();
}

/** Best effort: a leftover file wastes space but harms no one, so errors are swallowed. */
export async function removeStored(uploadDir: string, keys: (string | null)[]): Promise<void> {
  await Promise.all(
    keys.flatMap((key) =>
      key ? [rm(resolveKey(uploadDir, key), { force: true }).catch(() => undefined)] : [],
    ),
  );
}
