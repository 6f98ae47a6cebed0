import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { DomainError, Invalid, TooLarge } from '../../errors.ts';
import { incomingPath } from '../storage.ts';
import type { UploadedFile } from '../uploaded-file.ts';

export type FormInput = { fields: Record<string, string>; file: UploadedFile | undefined };

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
const fileTooLarge = (maxBytes: number) =>
  new TooLarge(`The file is too large; the limit is ${megabytes(maxBytes)}`, 'file');

/**
 * Reads a multipart form (at most one file, in `fileField`) or, for clients without a file, a JSON
 * or url-encoded body of string fields. The file streams to disk under UPLOAD_DIR/incoming
 * (R-UPLOAD-6), never whole into memory; beyond maxBytes it is a 413. Callers pass the form to
 * discardForm when done: the service moves a file it keeps, anything left is removed.
 */
export async function readForm(
  request: FastifyRequest,
  fileField: string,
  maxBytes: number,
  uploadDir: string,
): Promise<FormInput> {
  if (!request.isMultipart()) return { fields: stringFields(request.body), file: undefined };
  const values = new Map<string, string[]>();
  let file: UploadedFile | undefined;
  let received: string | undefined;
  const discard = () => (received ? rm(received, { force: true }).catch(() => undefined) : undefined);
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField || file) {
          part.file.resume();
          throw new Invalid(`Unexpected file field "${part.fieldname}"`, part.fieldname);
        }
        received = await incomingPath(uploadDir);
        let size = 0;
        part.file.on('data', (chunk: Buffer) => (size += chunk.length));
        await pipeline(part.file, createWriteStream(received, { mode: 0o600 }));
        if (part.file.truncated) throw fileTooLarge(maxBytes);
        if (size > 0 || part.filename) {
          file = { fieldName: part.fieldname, fileName: cleanFileName(part.filename), path: received, size };
        }
      } else if (typeof part.value === 'string') {
        values.set(part.fieldname, [...(values.get(part.fieldname) ?? []), part.value]);
      }
    }
  } catch (error) {
    await discard();
    if (error instanceof DomainError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxBytes);
    if (code === 'FST_FILES_LIMIT') throw new Invalid('Attach one file at most', fileField);
    // Truncated or malformed bodies (missing boundary, cut stream) are the client's fault. The
    // parser's own words are kept only when they are its known complaints: anything else
    // may be an internal error's text, which no answer echoes.
    const message = (error as Error).message;
    throw new Invalid(`Malformed multipart body${isParserComplaint(message) ? `: ${message}` : ''}`);
  }
  if (file?.size === 0) throw new Invalid('The file is empty', fileField);
  // A repeated field (participantIds sent once per id) arrives as a JSON array string.
  const fields: Record<string, string> = {};
  for (const [key, list] of values) fields[key] = list.length === 1 ? (list[0] ?? '') : JSON.stringify(list);
  return { fields, file };
}

/** The multipart parser's own complaints about a body (busboy and @fastify/multipart wording). */
function isParserComplaint(message: string): boolean {
  return /^Multipart: |unexpected end of (multipart data|form)|malformed part header|boundary/i.test(message);
}

/** Removes the form's received file unless the service moved it into the store. */
export async function discardForm(form: FormInput | undefined): Promise<void> {
  if (form?.file) await rm(form.file.path, { force: true }).catch(() => undefined);
}

function stringFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) {
      if (typeof value === 'string') fields[key] = value;
      else if (typeof value === 'number' || typeof value === 'boolean') fields[key] = String(value);
      else if (Array.isArray(value)) fields[key] = JSON.stringify(value);
    }
  }
  return fields;
}

/** Keeps the resident's name for display but strips paths and characters that break headers. */
function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  const unsafe = /[\u0000-\u001f\u007f"]/g;
  const cleaned = base.replace(unsafe, '').trim().slice(0, 200);
  return cleaned || 'file';
}
