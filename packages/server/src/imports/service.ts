/**
 * R-MOVEIN-1 … R-MOVEIN-7: a building's WhatsApp history brought into a channel. The export is
 * read (in slices) and checked whole before anything is written; the messages then go in batches of
 * IMPORT_BATCH_SIZE, one transaction each, so sends of the residents pass between two batches; a
 * failure removes what the import wrote, and the admin can undo a finished import as a whole.
 */
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { v7 as uuidv7 } from 'uuid';
import {
  IMPORT_BATCH_SIZE,
  IMPORT_PARSE_SLICE_LINES,
  IMPORT_PREVIEW_MESSAGES,
  MESSAGE_CONTENT_MAX,
  type ImportPreview,
  type ImportResult,
  type ImportSender,
  type ImportSummary,
  type MessageBot,
} from '@stoop/shared';
import { recordAudit } from '../audit/service.ts';
import type { Context } from '../context.ts';
import type { UserRow, WhatsappImportRow } from '../db/schema/index.ts';
import { requireConversationAccess } from '../access/index.ts';
import type { UploadedFile } from '../files/uploaded-file.ts';
import {
  incomingFilePath,
  insertFileRows,
  refuseExecutable,
  removeFileRows,
  removeStoredFiles,
  storeFileBytes,
} from '../files/service.ts';
import { Conflict, DomainError, Invalid, NotFound } from '../errors.ts';
import { lockMessageChanges } from '../messages/service.ts';
import { inTransaction } from '../transaction.ts';
import { presentPublic } from '../users/present.ts';
import { openExport, type MediaArchive, type OpenedExport } from './archive.ts';
import { instantsIn } from './clock.ts';
import { NotAnExport, parseExport, type Entry, type ParsedExport } from './parse.ts';
import * as repo from './repo.ts';
import { inSlices } from './slices.ts';
import { matchSenders, sendersOf } from './senders.ts';

type ImportContext = Pick<Context, 'db' | 'bus' | 'config'>;

/** Opens and parses the upload; the caller closes the export. */
async function readUpload(upload: UploadedFile): Promise<{ opened: OpenedExport; parsed: ParsedExport }> {
  const opened = await openExport(upload.path);
  try {
    return { opened, parsed: await parseExport(opened.text) };
  } catch (error) {
    opened.close();
    if (error instanceof NotAnExport) throw new Invalid(error.message, 'file');
    throw error;
  }
}

/** POST /api/admin/imports/whatsapp/preview: what an import would bring, and who each sender becomes. */
export async function previewImport(
  ctx: ImportContext,
  upload: UploadedFile,
  timeZone: string,
): Promise<ImportPreview> {
  const { opened, parsed } = await readUpload(upload);
  try {
    const instant = instantsIn(timeZone);
    const { entries } = parsed;
    const named = entries.filter((e) => e.attachment !== null);
    const senders = sendersOf(entries);
    const matches = await matchSenders(
      ctx.db,
      senders.map((s) => s.name),
    );
    const first = entries[0];
    const last = entries.at(-1);
    return {
      platform: parsed.platform,
      dateOrder: parsed.dateOrder,
      messages: entries.filter((e) => e.kind === 'message').length,
      systemLines: entries.filter((e) => e.kind === 'system').length,
      attachments: named.length,
      attachmentsMissing: named.filter((e) => !opened.media?.has(e.attachment ?? '')).length,
      first: entries.slice(0, IMPORT_PREVIEW_MESSAGES).map((e) => ({
        at: instant(e.at).toISOString(),
        sender: e.sender,
        text: e.text,
        kind: e.kind,
        attachment: e.attachment,
      })),
      from: first ? instant(first.at).toISOString() : null,
      to: last ? instant(last.at).toISOString() : null,
      senders: senders.map((s) => ({ ...s, userId: matches.get(s.name)?.id ?? null })),
    };
  } finally {
    opened.close();
  }
}

export type ImportOptions = {
  conversationId: string;
  timeZone: string;
  systemLines: 'keep' | 'skip';
  senders: ImportSender[];
};

/** One message to write, with the key that makes a second import of the same export add nothing. */
type Item = { entry: Entry; key: string; createdAt: Date };

/**
 * Keys from what the export says, counting repeats, so identical lines in a row stay distinct.
 * Hashing 100,000 keys takes a while: it goes in slices, with turns for other requests between.
 */
async function itemsOf(entries: Entry[], timeZone: string, systemLines: 'keep' | 'skip'): Promise<Item[]> {
  const instant = instantsIn(timeZone);
  const seen = new Map<string, number>();
  const items: Item[] = [];
  const turn = inSlices(IMPORT_PARSE_SLICE_LINES);
  for (const entry of entries) {
    await turn();
    if (entry.kind === 'system' && systemLines === 'skip') continue;
    const createdAt = instant(entry.at);
    const base = [
      createdAt.toISOString(),
      entry.sender ?? '',
      entry.kind,
      entry.text,
      entry.attachment ?? '',
    ].join('\0');
    const repeat = seen.get(base) ?? 0;
    seen.set(base, repeat + 1);
    const key = createHash('sha256').update(`${base}\0${repeat}`).digest('base64url').slice(0, 32);
    items.push({ entry, key, createdAt });
  }
  return items;
}

/** What a message says in Stoop: its text, a missing attachment named, WhatsApp's lines with their sender. */
function contentOf(entry: Entry, attached: boolean): string {
  let text = entry.text;
  if (entry.kind === 'system' && entry.sender) text = `${entry.sender}: ${text}`;
  if (entry.attachment && !attached)
    text = [text, `(attachment not in the export: ${entry.attachment})`].filter(Boolean).join('\n');
  return text.slice(0, MESSAGE_CONTENT_MAX);
}

/** How an imported message is shown: the resident it maps to, else the WhatsApp name marked imported. */
function authorOf(
  entry: Entry,
  importId: string,
  admin: UserRow,
  residents: Map<string, UserRow | null>,
): { userId: string; bot: MessageBot | null } {
  const resident = entry.sender !== null && entry.kind === 'message' ? residents.get(entry.sender) : null;
  if (resident) return { userId: resident.id, bot: null };
  const name = entry.kind === 'system' ? 'WhatsApp' : (entry.sender ?? 'WhatsApp');
  return {
    userId: admin.id,
    bot: { integrationId: importId, source: 'WhatsApp', name, iconUrl: null, imported: true },
  };
}

/** POST /api/admin/imports/whatsapp: 201 with what was imported and who each sender became. */
export async function importWhatsapp(
  ctx: ImportContext,
  admin: UserRow,
  upload: UploadedFile,
  options: ImportOptions,
): Promise<ImportResult> {
  // A direct conversation of others is the same 404 as none: its existence never leaks.
  const { conversation } = await requireConversationAccess(ctx.db, admin, options.conversationId, 'write');
  if (conversation.type !== 'channel')
    throw new Invalid('conversationId: a history is imported into a channel', 'conversationId');
  const { opened, parsed } = await readUpload(upload);
  try {
    const names = sendersOf(parsed.entries).map((s) => s.name);
    const residents = await matchSenders(ctx.db, names, options.senders);
    const items = await itemsOf(parsed.entries, options.timeZone, options.systemLines);
    const skippedLines = parsed.entries.length - items.length;
    const row = await inTransaction(ctx, async (tx) => {
      const created = await repo.insertImport(tx, {
        conversationId: conversation.id,
        adminId: admin.id,
        fileName: upload.fileName,
        total: items.length,
      });
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'import_whatsapp',
        targetUserId: null,
        details: {
          importId: created.id,
          conversationId: conversation.id,
          fileName: upload.fileName,
          lines: items.length,
        },
      });
      return created;
    });
    try {
      const imported = await writeBatches(ctx, admin, row, items, residents, opened.media);
      await repo.updateImport(ctx.db, row.id, {
        status: 'done',
        finishedAt: new Date(),
        addSkipped: skippedLines,
      });
      return {
        id: row.id,
        imported,
        skipped: parsed.entries.length - imported,
        senders: names.map((name) => ({ name, userId: residents.get(name)?.id ?? null })),
      };
    } catch (error) {
      await removeImported(ctx, row.id);
      const message = error instanceof DomainError ? error.message : 'The import failed';
      await repo.updateImport(ctx.db, row.id, { status: 'failed', error: message, finishedAt: new Date() });
      throw error;
    }
  } finally {
    opened.close();
  }
}

/** Writes the items batch by batch; answers how many messages are new. */
async function writeBatches(
  ctx: ImportContext,
  admin: UserRow,
  row: WhatsappImportRow,
  items: Item[],
  residents: Map<string, UserRow | null>,
  media: MediaArchive | null,
): Promise<number> {
  let imported = 0;
  for (let start = 0; start < items.length; start += IMPORT_BATCH_SIZE) {
    const batch = items.slice(start, start + IMPORT_BATCH_SIZE);
    const known = await repo.existingImportKeys(
      ctx.db,
      row.conversationId,
      batch.map((item) => item.key),
    );
    const fresh = batch.filter((item) => !known.has(item.key));
    const files = await storeAttachments(ctx, fresh, media);
    try {
      imported += await inTransaction(
        ctx,
        async (tx) => {
          const fileRows = await insertFileRows(
            tx,
            [...files.values()].map((stored) => ({
              ...stored,
              conversationId: row.conversationId,
              uploaderId: admin.id,
            })),
          );
          const inserted = await repo.insertImportedMessages(
            tx,
            row.id,
            row.conversationId,
            fresh.map((item) => ({
              id: uuidv7(),
              ...authorOf(item.entry, row.id, admin, residents),
              content: contentOf(item.entry, files.has(item.key)),
              createdAt: item.createdAt,
              fileId: files.get(item.key)?.id ?? null,
              importKey: item.key,
            })),
          );
          // A twin import may have written some of these keys meanwhile: their files go again.
          const used = new Set(inserted.map((m) => m.fileId));
          const unused = fileRows.filter((file) => !used.has(file.id)).map((file) => file.id);
          const unusedKeys = await removeFileRows(tx, unused);
          const authors = fresh.flatMap((item) => {
            const author = authorOf(item.entry, row.id, admin, residents);
            return author.bot ? [] : [author.userId];
          });
          await repo.joinChannel(tx, row.conversationId, [...new Set(authors)]);
          const newest = fresh.at(-1)?.createdAt;
          if (newest && inserted.length > 0) await repo.touchConversation(tx, row.conversationId, newest);
          await repo.updateImport(tx, row.id, {
            addProcessed: batch.length,
            addImported: inserted.length,
            addSkipped: batch.length - inserted.length,
          });
          if (unusedKeys.length > 0) await removeStoredFiles(ctx.config.UPLOAD_DIR, unusedKeys);
          return inserted.length;
        },
        lockMessageChanges,
      );
    } catch (error) {
      await removeStoredFiles(
        ctx.config.UPLOAD_DIR,
        [...files.values()].flatMap((f) => [f.storageKey, f.thumbnailKey]),
      );
      throw error;
    }
    // Lets the residents' requests in between two batches.
    await yieldToOthers();
  }
  return imported;
}

type StoredAttachment = Awaited<ReturnType<typeof storeFileBytes>> & { name: string };

/** Unpacks and stores the batch's attachments through the upload path, keyed by the item's key. */
async function storeAttachments(
  ctx: ImportContext,
  items: Item[],
  media: MediaArchive | null,
): Promise<Map<string, StoredAttachment>> {
  const stored = new Map<string, StoredAttachment>();
  if (!media) return stored;
  try {
    for (const item of items) {
      const name = item.entry.attachment;
      if (!name || !media.has(name)) continue;
      const destination = await incomingFilePath(ctx.config.UPLOAD_DIR);
      if (!(await media.extract(name, destination, ctx.config.ATTACHMENT_MAX_BYTES))) continue;
      // R-UPLOAD-9 as for every attachment: a program or script stays out (the text names it).
      if (await isRefused(name, destination)) {
        await removeIncoming(destination);
        continue;
      }
      stored.set(item.key, { ...(await storeFileBytes(ctx.config.UPLOAD_DIR, destination)), name });
    }
  } catch (error) {
    await removeStoredFiles(
      ctx.config.UPLOAD_DIR,
      [...stored.values()].flatMap((f) => [f.storageKey, f.thumbnailKey]),
    );
    throw error;
  }
  return stored;
}

const removeIncoming = (file: string) => rm(file, { force: true });

async function isRefused(fileName: string, path: string): Promise<boolean> {
  try {
    await refuseExecutable({ fieldName: 'file', fileName, path, size: 0 });
    return false;
  } catch (error) {
    if (error instanceof DomainError) return true;
    throw error;
  }
}

/** Deletes an import's messages and files; the bytes go once the rows are gone. */
async function removeImported(ctx: ImportContext, importId: string): Promise<void> {
  const keys = await inTransaction(
    ctx,
    async (tx) => removeFileRows(tx, await repo.deleteImportedMessages(tx, importId)),
    lockMessageChanges,
  );
  await removeStoredFiles(ctx.config.UPLOAD_DIR, keys);
}

/** DELETE /api/admin/imports/{id}: the whole import goes; 409 while it still runs. */
export async function undoImport(ctx: ImportContext, admin: UserRow, id: string): Promise<void> {
  const row = await repo.findImport(ctx.db, id);
  if (!row) throw new NotFound('Import not found');
  if (row.status === 'running')
    throw new Conflict('The import is still running; undo it once it has finished');
  if (row.status === 'undone') return;
  const keys = await inTransaction(
    ctx,
    async (tx) => {
      const fileKeys = await removeFileRows(tx, await repo.deleteImportedMessages(tx, id));
      await repo.updateImport(tx, id, { status: 'undone', finishedAt: new Date() });
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'undo_import',
        targetUserId: null,
        details: { importId: id, conversationId: row.conversationId, messages: row.imported },
      });
      return fileKeys;
    },
    lockMessageChanges,
  );
  await removeStoredFiles(ctx.config.UPLOAD_DIR, keys);
}

/** GET /api/admin/imports: the newest imports with their progress. */
export async function listImports(ctx: ImportContext): Promise<ImportSummary[]> {
  const rows = await repo.listImports(ctx.db, 50);
  return rows.map((row) => ({
    id: row.id,
    conversationId: row.conversationId,
    conversationName: row.conversationName,
    fileName: row.fileName,
    status: row.status,
    total: row.total,
    processed: row.processed,
    imported: row.imported,
    skipped: row.skipped,
    admin: row.admin ? presentPublic(row.admin) : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    error: row.error,
  }));
}
