import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDirect } from '../conversations/testing.ts';
import { createTestApp, makeUser, sessionFor, type AuthHeaders, type TestApp } from '../test/helpers.ts';
import { incomingDir } from './storage.ts';

/** Short enough to test, long enough that a body sent at full speed on loopback is never cut. */
const REQUEST_TIMEOUT_MS = 8000;
const BOUNDARY = '----stoop-disk-test';
const MB = 1024 * 1024;

let t: TestApp;
let port = 0;
let headers: AuthHeaders;
let url = '';

/** Building an app on a fresh database can take over a minute on a loaded machine. */
const SETUP_TIMEOUT_MS = 300_000;

beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) });
  const sender = await makeUser(t.app);
  const other = await makeUser(t.app);
  headers = await sessionFor(t.app, sender);
  const direct = await makeDirect(t.app, headers, other.id);
  url = `/api/conversations/${direct.id}/messages`;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

const head = (size: number) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="content"\r\n\r\nfile\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  ).subarray(0, size);
const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

type Answer = { status: number | undefined; body: string; closed: boolean };

/** A raw upload whose body the test writes piece by piece; `answer` settles on response or close. */
function openUpload(contentLength: number) {
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: url,
    headers: {
      ...headers,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(contentLength),
    },
  });
  const answer = new Promise<Answer>((resolve) => {
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode, body, closed: false }));
      response.on('error', () => resolve({ status: response.statusCode, body, closed: true }));
    });
    request.on('error', () => resolve({ status: undefined, body: '', closed: true }));
  });
  return { request, answer };
}

async function incomingFiles(): Promise<{ name: string; size: number }[]> {
  const dir = incomingDir(t.config.UPLOAD_DIR);
  if (!existsSync(dir)) return [];
  const names = await readdir(dir);
  return Promise.all(names.map(async (name) => ({ name, size: (await stat(path.join(dir, name))).size })));
}

/** Polls (bounded) until the condition holds; no fixed sleeps. */
async function eventually<T>(probe: () => Promise<T>, ok: (value: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('uploads on disk (R-UPLOAD-6, R-UPLOAD-7)', () => {
  it('streams a file to disk while it is still arriving, and leaves nothing behind', async () => {
    const first = Buffer.alloc(2 * MB, 7);
    const rest = Buffer.alloc(2 * MB, 9);
    const start = head(Infinity);
    const { request, answer } = openUpload(start.length + first.length + rest.length + tail.length);
    request.write(start);
    request.write(first);
    // Half the file sent, the request still open: the received half is already in a file.
    const partial = await eventually(incomingFiles, (files) => files.some((f) => f.size >= MB));
    expect(partial.some((f) => f.size >= MB)).toBe(true);
    request.end(Buffer.concat([rest, tail]));
    const result = await answer;
    expect(result.status).toBe(201);
    const message = (JSON.parse(result.body) as { message: { fileSize: number } }).message;
    expect(message.fileSize).toBe(4 * MB);
    expect(await eventually(incomingFiles, (files) => files.length === 0)).toEqual([]);
  });

  it('cuts a body that trickles in, and removes what it received', async () => {
    const start = head(Infinity);
    const { request, answer } = openUpload(start.length + MB + tail.length);
    request.write(start);
    request.write(Buffer.alloc(64 * 1024, 1));
    const started = Date.now();
    const trickle = setInterval(() => request.write(Buffer.from([1])), 100);
    const result = await answer;
    clearInterval(trickle);
    request.destroy();
    // Cut within the time-out plus Node's checking interval, not left open for ever.
    expect(Date.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS + 3000);
    expect(result.closed || result.status === 408).toBe(true);
    expect(await eventually(incomingFiles, (files) => files.length === 0)).toEqual([]);
  });
});
