import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, ImportResult, ImportSummary, Message } from '@stoop/shared';
import { makeChannel, makeDirect } from '../conversations/testing.ts';
import { createCommunity, EVERY_ROLE, type Community } from '../test/community.ts';
import { csrfHeaders, type AuthHeaders } from '../test/helpers.ts';
import { expectError } from '../test/http.ts';
import { multipart } from '../test/multipart.ts';

const corpus = (name: string) => readFileSync(path.join(import.meta.dirname, 'corpus', name));
const CAST = { ...EVERY_ROLE, priya: { username: 'Priya Shah' }, tom: { username: 'tom becker' } } as const;

let c: Community<typeof CAST>;
let admin: AuthHeaders;

beforeAll(async () => {
  c = await createCommunity(CAST);
  admin = c.people.admin.headers;
});
afterAll(async () => c.close());

type Upload = { data: Buffer; filename: string; type?: string };
const txt = (name: string): Upload => ({ data: corpus(name), filename: name, type: 'text/plain' });

function post(url: string, fields: Record<string, string>, upload: Upload | undefined, headers: object) {
  const body = multipart(
    fields,
    upload && {
      name: 'file',
      filename: upload.filename,
      type: upload.type ?? 'application/zip',
      data: upload.data,
    },
  );
  return c.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...headers, 'content-type': body.contentType },
  });
}
const importInto = (
  conversationId: string,
  upload: Upload,
  extra: Record<string, string> = {},
  headers = admin,
) =>
  post(
    '/api/admin/imports/whatsapp',
    { conversationId, timeZone: 'Europe/Berlin', ...extra },
    upload,
    headers,
  );
const preview = (upload: Upload, headers: object = admin) =>
  post('/api/admin/imports/whatsapp/preview', { timeZone: 'Europe/Berlin' }, upload, headers);

async function history(conversationId: string): Promise<Message[]> {
  const res = await c.app.inject({
    method: 'GET',
    url: `/api/conversations/${conversationId}/messages?limit=100`,
    headers: c.people.alice.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ messages: Message[] }>().messages;
}

/** A phone photo with a GPS position in its EXIF, as WhatsApp keeps it in a "with media" export. */
async function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 30/1' } })
    .toBuffer();
}

describe('R-MOVEIN-1: who may import', () => {
  it('R-MOVEIN-1: anonymous 401, locked 403, residents 403 on every import call; admins get through', async () => {
    const channel = await makeChannel(c.app, admin);
    const anonymous = csrfHeaders(c.app);
    const calls = [
      (h: object) => preview(txt('android-en-us.txt'), h),
      (h: object) => importInto(channel.id, txt('android-en-us.txt'), {}, h as AuthHeaders),
      (h: object) =>
        c.app.inject({ method: 'GET', url: '/api/admin/imports', headers: h as Record<string, string> }),
      (h: object) =>
        c.app.inject({
          method: 'DELETE',
          url: '/api/admin/imports/0190a0a0-0000-7000-8000-000000000000',
          headers: h as Record<string, string>,
        }),
    ];
    for (const send of calls) {
      expectError(await send(anonymous), 401);
      expectError(await send(c.people.locked.headers), 403, { code: 'ACCOUNT_LOCKED' });
      expectError(await send(c.people.alice.headers), 403);
    }
    expect((await calls[2]!(admin)).statusCode).toBe(200);
    expect(await history(channel.id)).toEqual([]);
  });
});

describe('R-MOVEIN-1 … R-MOVEIN-5: importing an export', () => {
  it('R-MOVEIN-1: the preview shows the first messages and the resident each sender matches, writing nothing', async () => {
    const res = await preview(txt('android-en-us.txt'));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ImportPreview>();
    expect(body).toMatchObject({
      platform: 'android',
      dateOrder: 'month-first',
      messages: 5,
      attachments: 1,
    });
    expect(body.attachmentsMissing).toBe(1);
    expect(body.senders).toEqual([
      { name: 'Tom Becker', messages: 3, userId: c.people.tom.id },
      { name: 'Priya Shah', messages: 1, userId: c.people.priya.id },
      { name: '+1 555-0134', messages: 1, userId: null },
    ]);
    expect(body.first[3]).toMatchObject({
      sender: 'Priya Shah',
      at: '2023-12-24T20:41:00.000Z',
      kind: 'message',
    });
  });

  it('R-MOVEIN-3, R-MOVEIN-4: messages keep their time and order, senders become residents or stay imported names; again adds nothing', async () => {
    const channel = await makeChannel(c.app, admin);
    const res = await importInto(channel.id, txt('android-en-us.txt'));
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json<ImportResult>();
    expect(result).toMatchObject({ imported: 11, skipped: 0 });
    expect(result.senders).toContainEqual({ name: 'Priya Shah', userId: c.people.priya.id });
    expect(result.senders).toContainEqual({ name: '+1 555-0134', userId: null });

    const messages = await history(channel.id);
    expect(messages).toHaveLength(11);
    const times = messages.map((m) => m.createdAt);
    expect([...times].sort()).toEqual(times);
    const welcome = messages.find((m) => m.content.startsWith('Welcome everyone'));
    expect(welcome).toMatchObject({ userId: c.people.priya.id, createdAt: '2023-12-24T20:41:00.000Z' });
    expect(welcome?.content).toContain('\n2. No ads');
    const stranger = messages.find((m) => m.content.startsWith('Does anyone know'));
    expect(stranger?.metadata.bot).toMatchObject({ name: '+1 555-0134', imported: true });
    const notice = messages[0];
    expect(notice?.metadata.bot).toMatchObject({ name: 'WhatsApp', imported: true });
    expect(notice?.content).toMatch(/end-to-end encrypted/);
    const missing = messages.find((m) => m.content.includes('IMG-20231225-WA0001.jpg'));
    expect(missing?.content).toContain('The parcel room door is broken again');

    const again = await importInto(channel.id, txt('android-en-us.txt'));
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<ImportResult>()).toMatchObject({ imported: 0, skipped: 11 });
    expect(await history(channel.id)).toHaveLength(11);
  });

  it('R-MOVEIN-2: WhatsApp’s own lines are skipped when the admin says so; the admin’s mapping wins', async () => {
    const channel = await makeChannel(c.app, admin);
    const senders = JSON.stringify([
      { name: 'Tom Becker', userId: null },
      { name: '+1 555-0134', userId: c.people.bob.id },
    ]);
    const res = await importInto(channel.id, txt('android-en-us.txt'), { systemLines: 'skip', senders });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ImportResult>()).toMatchObject({ imported: 5, skipped: 6 });
    const messages = await history(channel.id);
    expect(messages.find((m) => m.content.startsWith('Does anyone'))?.userId).toBe(c.people.bob.id);
    expect(messages.find((m) => m.content.startsWith('Thanks Priya'))?.metadata.bot?.name).toBe('Tom Becker');
    expect(messages.some((m) => /encrypted/.test(m.content))).toBe(false);
  });

  it('R-MOVEIN-2: a "with media" zip stores its attachments through the upload path (sniffed, stripped, thumbnail)', async () => {
    const channel = await makeChannel(c.app, admin);
    const zip = zipSync({
      '_chat.txt': new Uint8Array(corpus('ios-en-gb.txt')),
      '00000012-PHOTO-2023-12-25-08-15-02.jpg': new Uint8Array(await photoWithGps()),
    });
    const res = await importInto(channel.id, {
      data: Buffer.from(zip),
      filename: 'WhatsApp Chat - Maple Court 14.zip',
    });
    expect(res.statusCode, res.body).toBe(201);
    const withFile = (await history(channel.id)).find((m) => m.fileUrl);
    expect(withFile).toMatchObject({
      userId: c.people.tom.id,
      fileName: '00000012-PHOTO-2023-12-25-08-15-02.jpg',
    });
    expect(withFile?.thumbnailUrl).toBeTruthy();
    const download = await c.app.inject({
      method: 'GET',
      url: withFile!.fileUrl!,
      headers: c.people.alice.headers,
    });
    expect(download.headers['content-type']).toBe('image/jpeg');
    const exif = (await sharp(download.rawPayload).metadata()).exif;
    expect(exif?.toString('latin1') ?? '').not.toContain('PhoneCo');
  });

  it('R-MOVEIN-4: imported messages are found by search like any other', async () => {
    const channel = await makeChannel(c.app, admin);
    await importInto(channel.id, txt('android-de.txt'));
    const res = await c.app.inject({
      method: 'GET',
      url: `/api/messages/search?q=${encodeURIComponent('Fahrräder')}`,
      headers: c.people.alice.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json<{ messages: Message[] }>().messages;
    expect(found.some((m) => m.conversationId === channel.id)).toBe(true);
  });

  it('R-MOVEIN-5: an admin undoes an import as a whole; it is listed with its counts and audited', async () => {
    const channel = await makeChannel(c.app, admin);
    const res = await importInto(channel.id, txt('ios-en-us.txt'));
    const { id } = res.json<ImportResult>();
    const list = await c.app.inject({ method: 'GET', url: '/api/admin/imports', headers: admin });
    const summary = list.json<{ data: ImportSummary[] }>().data.find((row) => row.id === id);
    expect(summary).toMatchObject({
      status: 'done',
      imported: 4,
      processed: 4,
      total: 4,
      conversationId: channel.id,
    });
    const undo = await c.app.inject({ method: 'DELETE', url: `/api/admin/imports/${id}`, headers: admin });
    expect(undo.statusCode, undo.body).toBe(204);
    expect(await history(channel.id)).toEqual([]);
    const audit = await c.app.inject({ method: 'GET', url: '/api/audit-log?limit=50', headers: admin });
    const actions = audit.json<{ data: { action: string }[] }>().data.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['import_whatsapp', 'undo_import']));
    // Undone, the same export may be imported again.
    expect((await importInto(channel.id, txt('ios-en-us.txt'))).json<ImportResult>().imported).toBe(4);
  });
});

describe('R-MOVEIN-6: bad input is a clear 4xx and leaves nothing behind', () => {
  async function expectNothingWritten(channelId: string) {
    expect(await history(channelId)).toEqual([]);
    const chat = await readdir(path.join(c.config.UPLOAD_DIR, 'chat')).catch(() => []);
    const incoming = await readdir(path.join(c.config.UPLOAD_DIR, 'incoming')).catch(() => []);
    expect(incoming.filter((name) => !name.endsWith('.part'))).toEqual([]);
    return chat;
  }

  it('R-MOVEIN-6: not an export, an empty file, no file, a direct conversation', async () => {
    const channel = await makeChannel(c.app, admin);
    const before = await expectNothingWritten(channel.id);
    const letter = {
      data: Buffer.from('Dear neighbours,\nthe party is on Friday.\n'),
      filename: 'letter.txt',
    };
    expectError(await importInto(channel.id, letter), 400, { field: 'file' });
    expectError(await importInto(channel.id, { data: Buffer.alloc(0), filename: 'empty.txt' }), 400, {
      field: 'file',
    });
    const photo = { data: await photoWithGps(), filename: 'photo.jpg' };
    expectError(await importInto(channel.id, photo), 400, { field: 'file' });
    expectError(
      await post('/api/admin/imports/whatsapp', { conversationId: channel.id }, undefined, admin),
      400,
      {
        field: 'file',
      },
    );
    const direct = await makeDirect(c.app, c.people.alice.headers, c.people.bob.id);
    expectError(await importInto(direct.id, txt('android-en-us.txt')), 404);
    const own = await makeDirect(c.app, admin, c.people.bob.id);
    expectError(await importInto(own.id, txt('android-en-us.txt')), 400, { field: 'conversationId' });
    expectError(await importInto(channel.id, txt('android-en-us.txt'), { senders: '[{"name":1}]' }), 400, {
      field: 'senders',
    });
    expectError(await importInto(channel.id, txt('android-en-us.txt'), { timeZone: 'Mars/Olympus' }), 400, {
      field: 'timeZone',
    });
    expect(await expectNothingWritten(channel.id)).toEqual(before);
  });

  it('R-MOVEIN-6: a zip with names leading out of its folder, and a zip bomb', async () => {
    const channel = await makeChannel(c.app, admin);
    const before = await expectNothingWritten(channel.id);
    const chat = new Uint8Array(corpus('ios-en-gb.txt'));
    for (const name of ['../../evil.jpg', '/etc/evil.jpg', 'media\\..\\..\\evil.jpg']) {
      const zip = zipSync({ '_chat.txt': chat, [name]: new Uint8Array([1, 2, 3]) });
      const res = await importInto(channel.id, { data: Buffer.from(zip), filename: 'x.zip' });
      expectError(res, 400, { field: 'file' });
      expect(res.json<{ message: string }>().message).toMatch(/outside its folder/);
    }
    const bomb = zipSync({ '_chat.txt': chat, 'bomb.jpg': new Uint8Array(20 * 1024 * 1024) }, { level: 9 });
    const res = await importInto(channel.id, { data: Buffer.from(bomb), filename: 'bomb.zip' });
    expectError(res, 400, { field: 'file' });
    expect(res.json<{ message: string }>().message).toMatch(/zip bomb/);
    expect(await expectNothingWritten(channel.id)).toEqual(before);
  });

  it('R-MOVEIN-6: an upload over IMPORT_MAX_BYTES is a 413', async () => {
    const small = await createCommunity({ admin: { role: 'admin' } }, { env: { IMPORT_MAX_BYTES: '1000' } });
    try {
      const channel = await makeChannel(small.app, small.people.admin.headers);
      const body = multipart(
        { conversationId: channel.id },
        { name: 'file', filename: 'big.zip', type: 'application/zip', data: Buffer.alloc(5000, 7) },
      );
      const res = await small.app.inject({
        method: 'POST',
        url: '/api/admin/imports/whatsapp',
        payload: body.payload,
        headers: { ...small.people.admin.headers, 'content-type': body.contentType },
      });
      expectError(res, 413, { field: 'file' });
    } finally {
      await small.close();
    }
  });
});
