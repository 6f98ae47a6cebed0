/**
 * Opens what the admin uploaded, a chat `.txt` or the `.zip` WhatsApp makes "with
 * media", refusing before anything is written what could harm the server: names leading out of
 * the folder, more entries or unpacked bytes than an export has, a packing ratio no photo or chat
 * reaches (a zip bomb). Entries are read file to file with their sizes checked as they unpack.
 */
import { createWriteStream } from 'node:fs';
import { open as openFile, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Entry, ZipFile } from 'yauzl';
import { IMPORT_MAX_PACK_RATIO, IMPORT_MAX_UNPACKED_BYTES, IMPORT_MAX_ZIP_ENTRIES } from '@stoop/shared';
import { DomainError, Invalid, TooLarge } from '../errors.ts';

/** The chat text of an export, and its media when it came as a zip. */
export type OpenedExport = { text: string; media: MediaArchive | null; close(): void };

/** The largest chat text read into memory (a 100,000 line export is about 8 MB). */
const MAX_CHAT_BYTES = 64 * 1024 * 1024;
/** A packed entry this small may unpack to anything up to this size without counting as a bomb. */
const RATIO_FREE_BYTES = 1024 * 1024;

const tooLargeUnpacked = () =>
  new TooLarge(`The zip unpacks to more than ${IMPORT_MAX_UNPACKED_BYTES / (1024 * 1024)} MB`, 'file');

export async function openExport(file: string): Promise<OpenedExport> {
  if (await isZip(file)) return openZip(file);
  const bytes = await readFile(file);
  return { text: decodeText(bytes), media: null, close: () => undefined };
}

async function isZip(file: string): Promise<boolean> {
  const handle = await openFile(file, 'r');
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    return head.readUInt32LE(0) === 0x04034b50 || head.readUInt32LE(0) === 0x06054b50;
  } finally {
    await handle.close();
  }
}

/** The export's text; a file with NUL bytes is no chat export (a photo or a document). */
function decodeText(bytes: Buffer): string {
  if (bytes.includes(0))
    throw new Invalid('This is not a WhatsApp chat export: the file is not text', 'file');
  return bytes.toString('utf8');
}

/** Names that would leave the folder they are unpacked into, on any system. */
function isUnsafeName(name: string): boolean {
  const normal = name.replace(/\\/g, '/');
  return (
    normal.startsWith('/') ||
    /^[A-Za-z]:/.test(normal) ||
    normal.split('/').some((part) => part === '..') ||
    normal.includes('\0')
  );
}

/** yauzl loads with the first import of an export, not at start-up (R-OPS-21). */
async function openZipFile(file: string): Promise<ZipFile> {
  const { default: yauzl } = await import('yauzl');
  return new Promise((resolve, reject) => {
    // decodeStrings false: the names are checked here (isUnsafeName) with a message of ours.
    yauzl.open(file, { lazyEntries: true, autoClose: false, decodeStrings: false }, (error, zip) =>
      error ? reject(damaged(error)) : resolve(zip),
    );
  });
}

const damaged = (error: Error) => new Invalid(`The zip is damaged: ${error.message}`, 'file');

async function listEntries(zip: ZipFile): Promise<Entry[]> {
  if (zip.entryCount > IMPORT_MAX_ZIP_ENTRIES) {
    throw new Invalid(`The zip holds more than ${IMPORT_MAX_ZIP_ENTRIES} files`, 'file');
  }
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) => reject(damaged(error)));
    zip.readEntry();
  });
}

const nameOf = (entry: Entry) => (entry.fileName as unknown as Buffer).toString('utf8');

/** Every check that needs only the zip's directory, before a byte is unpacked. */
function checkEntries(entries: Entry[]): void {
  let unpacked = 0;
  for (const entry of entries) {
    const name = nameOf(entry);
    if (isUnsafeName(name)) {
      throw new Invalid(
        `The zip holds a file name that leads outside its folder: ${name.slice(0, 100)}`,
        'file',
      );
    }
    unpacked += entry.uncompressedSize;
    if (
      entry.uncompressedSize > RATIO_FREE_BYTES &&
      entry.uncompressedSize > Math.max(entry.compressedSize, 1) * IMPORT_MAX_PACK_RATIO
    ) {
      throw new Invalid(
        `The zip looks like a zip bomb: ${name.slice(0, 100)} unpacks to more than ${IMPORT_MAX_PACK_RATIO} times its size`,
        'file',
      );
    }
  }
  if (unpacked > IMPORT_MAX_UNPACKED_BYTES) throw tooLargeUnpacked();
}

/** The chat text of a "with media" zip: `_chat.txt` (ios) or `WhatsApp Chat with ….txt` (android). */
function chatEntry(entries: Entry[]): Entry {
  const texts = entries.filter((e) => !nameOf(e).includes('/') && nameOf(e).toLowerCase().endsWith('.txt'));
  const chat =
    texts.find((e) => nameOf(e) === '_chat.txt') ??
    texts.find((e) => /^whatsapp/i.test(nameOf(e))) ??
    (texts.length === 1 ? texts[0] : undefined);
  if (!chat) throw new Invalid('This is not a WhatsApp chat export: the zip holds no chat text', 'file');
  if (chat.uncompressedSize > MAX_CHAT_BYTES) throw tooLargeUnpacked();
  return chat;
}

/** Counts the bytes that really come out, whatever the directory claimed (yauzl checks too). */
function capped(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) done(tooLargeUnpacked());
      else done(null, chunk);
    },
  });
}

function readStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error ? reject(damaged(error)) : resolve(stream)));
  });
}

async function readWhole(zip: ZipFile, entry: Entry, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = (await readStream(zip, entry)).pipe(capped(limit));
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function openZip(file: string): Promise<OpenedExport> {
  const zip = await openZipFile(file);
  try {
    const entries = await listEntries(zip);
    checkEntries(entries);
    const text = decodeText(await readWhole(zip, chatEntry(entries), MAX_CHAT_BYTES));
    const media = new MediaArchive(zip, entries);
    return { text, media, close: () => zip.close() };
  } catch (error) {
    zip.close();
    if (error instanceof DomainError) throw error;
    throw damaged(error as Error);
  }
}

/** The media files of a zip by their base name, as the chat text names them. */
export class MediaArchive {
  private readonly byName = new Map<string, Entry>();

  constructor(
    private readonly zip: ZipFile,
    entries: Entry[],
  ) {
    for (const entry of entries) {
      const name = nameOf(entry);
      if (!name.endsWith('/')) this.byName.set(path.posix.basename(name.replace(/\\/g, '/')), entry);
    }
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /**
   * Unpacks one file to `destination` (a fresh path under UPLOAD_DIR/incoming), at most `maxBytes`;
   * false when the zip does not hold it or it is larger (the message is imported without it).
   */
  async extract(name: string, destination: string, maxBytes: number): Promise<boolean> {
    const entry = this.byName.get(name);
    if (!entry || entry.uncompressedSize > maxBytes || entry.uncompressedSize === 0) return false;
    try {
      await pipeline(
        await readStream(this.zip, entry),
        capped(maxBytes),
        createWriteStream(destination, { mode: 0o600 }),
      );
      return true;
    } catch (error) {
      await rm(destination, { force: true });
      if (error instanceof DomainError) throw error;
      throw damaged(error as Error);
    }
  }
}
