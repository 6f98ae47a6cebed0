import type { Readable } from 'node:stream';
import { validate as isUuid } from 'uuid';
import type { DbOrTx } from '../db/client.ts';
import type { FileRow, UserRow } from '../db/schema/index.ts';
import { requireConversationAccess, seesHiddenContent } from '../access/index.ts';
import { Invalid, NotFound } from '../errors.ts';
import type { UploadedFile } from './uploaded-file.ts';
import {
  deleteFileRow,
  deleteFileRows,
  findFile,
  insertFile,
  insertFiles,
  messageOfFile,
  type NewFile,
} from './repo.ts';
import { TEXTS, blockedAttachmentExtension } from '@stoop/shared';
import { isExecutableContent, isImage } from './sniff.ts';
import { incomingPath, openStored, readHead, removeStored, storeUpload, type StoredFile } from './storage.ts';

/** Stores an upload for a conversation: bytes on disk first, then the row in the caller's transaction. */
async function storeAttachment(
  db: DbOrTx,
  uploadDir: string,
  conversationId: string,
  uploaderId: string,
  upload: UploadedFile,
): Promise<FileRow> {
  const stored = await storeUpload(uploadDir, upload.path);
  try {
    return await insertFile(db, { ...stored, conversationId, uploaderId, name: upload.fileName });
  } catch (error) {
    await removeStored(uploadDir, [stored.storageKey, stored.thumbnailKey]);
    throw error;
  }
}

/**
 * A message's attachment may not be a program or script, by its name or by its bytes;
 * a 400 on `file` that says why.
 */
export async function refuseExecutable(upload: UploadedFile): Promise<void> {
  const extension = blockedAttachmentExtension(upload.fileName);
  if (extension) throw new Invalid(TEXTS.attachmentTypeRefused(extension), 'file');
  if (isExecutableContent(await readHead(upload.path)))
    throw new Invalid(TEXTS.attachmentContentRefused, 'file');
}

/** A channel icon must be an image by its bytes, whatever the client called it. */
export async function attachIcon(
  db: DbOrTx,
  uploadDir: string,
  conversationId: string,
  uploaderId: string,
  upload: UploadedFile,
): Promise<FileRow> {
  const file = await storeAttachment(db, uploadDir, conversationId, uploaderId, upload);
  if (!isImage(file.mimeType)) {
    await removeStored(uploadDir, [file.storageKey, file.thumbnailKey]);
    throw new Invalid('The icon must be a PNG, JPEG, GIF or WebP image', 'icon');
  }
  return file;
}

export type FileDownload = { body: Readable; mimeType: string; fileName: string; inline: boolean };

/** Types a browser may show inline without risk; everything else downloads as an attachment. */
const INLINE = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'video/mp4',
  'audio/mpeg',
]);

/**
 * GET /api/files/{id}[/thumbnail]: only to those who may read the file's conversation, and not
 * once its message was deleted. Unknown or unreadable files are the same 404.
 */
export async function downloadFile(
  db: DbOrTx,
  uploadDir: string,
  user: UserRow,
  fileId: string,
  thumbnail: boolean,
): Promise<FileDownload> {
  const file = isUuid(fileId) ? await findFile(db, fileId) : undefined;
  if (!file) throw new NotFound('File not found');
  await requireConversationAccess(db, user, file.conversationId, 'read');
  const message = await messageOfFile(db, fileId);
  if (message?.deletedAt) throw new NotFound('File not found');
  // The file of a hidden message goes only to its author and admins.
  if (message?.adminHidden && !seesHiddenContent(user, message.userId)) throw new NotFound('File not found');
  const key = thumbnail ? file.thumbnailKey : file.storageKey;
  if (!key) throw new NotFound('This file has no thumbnail');
  const body = await openStored(uploadDir, key).catch(() => {
    throw new NotFound('File not found');
  });
  const mimeType = thumbnail ? 'image/webp' : file.mimeType;
  return {
    body,
    mimeType,
    fileName: thumbnail ? `${file.name}.webp` : file.name,
    inline: INLINE.has(mimeType),
  };
}

/**
 * Removes a file's row (in the caller's transaction when given one) and returns it; the bytes stay
 * until the caller removes them after commit (removeStored).
 */
export function removeFileRow(db: DbOrTx, fileId: string): Promise<FileRow | undefined> {
  return deleteFileRow(db, fileId);
}

/**
 * Stores an upload that must be an image by its bytes (a building request's photo): EXIF/XMP
 * stripped as for every image; anything else is removed again and refused as a 400 on `field`.
 */
export async function storeImage(
  uploadDir: string,
  upload: UploadedFile,
  field: string,
): Promise<StoredFile> {
  // The office views the photo itself; no preview is made.
  const stored = await storeUpload(uploadDir, upload.path, { thumbnail: false });
  if (!isImage(stored.mimeType)) {
    await removeStored(uploadDir, [stored.storageKey]);
    throw new Invalid('The photo must be a PNG, JPEG, GIF or WebP image', field);
  }
  return stored;
}

/** A stored file as a stream, or a 404 when it is gone. */
export async function readStoredFile(uploadDir: string, key: string): Promise<Readable> {
  return openStored(uploadDir, key).catch(() => {
    throw new NotFound('File not found');
  });
}

/** Best effort removal of stored bytes (after a rollback or a delete). */
export function removeStoredFiles(uploadDir: string, keys: (string | null)[]): Promise<void> {
  return removeStored(uploadDir, keys);
}

/**
 * R-MOVEIN-2: stores a file unpacked from a WhatsApp export the way every upload is stored (type
 * from the bytes, metadata stripped, a thumbnail for images); the rows go in with insertFileRows.
 */
export function storeFileBytes(uploadDir: string, source: string): Promise<StoredFile> {
  return storeUpload(uploadDir, source);
}

/** Files rows for bytes already stored, in the caller's transaction. */
export function insertFileRows(db: DbOrTx, rows: NewFile[]): Promise<FileRow[]> {
  return insertFiles(db, rows);
}

/** A fresh path under UPLOAD_DIR/incoming to unpack a file into (the start-up sweep removes leftovers). */
export function incomingFilePath(uploadDir: string): Promise<string> {
  return incomingPath(uploadDir);
}

/** Removes files rows (an undone import's) and answers their stored keys, to remove after commit. */
export function removeFileRows(db: DbOrTx, ids: string[]): Promise<(string | null)[]> {
  return deleteFileRows(db, ids);
}
