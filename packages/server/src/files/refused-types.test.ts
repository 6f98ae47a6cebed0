import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS, blockedAttachmentExtension, messageResponseSchema } from '@stoop/shared';
import { formOf, injectForm } from '../conversations/testing.ts';
import { createChatCommunity } from '../test/community.ts';
import { csrfHeaders } from '../test/helpers.ts';
import { expectError } from '../test/http.ts';
import { isExecutableContent } from './sniff.ts';

let c: Awaited<ReturnType<typeof createChatCommunity>>;
beforeAll(async () => {
  c = await createChatCommunity();
});
afterAll(() => c.close());

const send = (name: string, bytes: Uint8Array, headers = c.people.alice.headers, id = c.channelId) =>
  injectForm(
    c.app,
    'POST',
    `/api/conversations/${id}/messages`,
    formOf({ content: 'Here it is' }, { name, bytes }),
    headers,
  );
const text = (s: string) => new TextEncoder().encode(s);

describe('R-UPLOAD-9: programs and scripts are refused as attachments', () => {
  it('by name, whatever the case, with a message naming the type', async () => {
    for (const name of ['setup.exe', 'RUN.BAT', 'app.js', 'game.apk', 'page.html', 'logo.svg', 'x.ps1']) {
      const error = expectError(await send(name, text('harmless bytes')), 400, { field: 'file' });
      const extension = blockedAttachmentExtension(name);
      expect(extension).not.toBeNull();
      expect(error.message).toBe(TEXTS.attachmentTypeRefused(extension ?? ''));
    }
  });

  it('by content, whatever the name', async () => {
    const programs = [
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]),
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
      Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]),
      text('#!/bin/sh\nrm -rf ~\n'),
      text('\uFEFF  <!DOCTYPE html><html><script>alert(1)</script>'),
      text('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'),
    ];
    for (const bytes of programs) {
      expect(isExecutableContent(bytes)).toBe(true);
      const error = expectError(await send('notes.txt', bytes), 400, { field: 'file' });
      expect(error.message).toBe(TEXTS.attachmentContentRefused);
    }
  });

  it('everything else is kept and downloads under its name', async () => {
    const files = [
      { name: 'minutes 2024.txt', bytes: text('Meeting minutes: <b>not html</b> at the start') },
      { name: 'budget.csv', bytes: text('item,cost\nroof,1200\n') },
      { name: 'photos.zip', bytes: Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]) },
      { name: 'manual', bytes: Buffer.from([1, 2, 3, 250, 251]) },
    ];
    for (const file of files) {
      const res = await send(file.name, file.bytes);
      expect(res.statusCode, res.body).toBe(201);
      const { message } = messageResponseSchema.parse(res.json());
      expect(message.fileName).toBe(file.name);
      const download = await c.app.inject({
        method: 'GET',
        url: message.fileUrl ?? '',
        headers: c.people.bob.headers,
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toMatch(/^attachment;/);
      expect(download.headers['content-disposition']).toContain(encodeURIComponent(file.name));
      expect(download.rawPayload.equals(Buffer.from(file.bytes))).toBe(true);
    }
  });

  it('authorization still comes first: anonymous 401, locked 403, a stranger to a direct conversation 404', async () => {
    const exe = Buffer.from('MZ');
    expectError(await send('a.exe', exe, csrfHeaders(c.app)), 401);
    expectError(await send('a.exe', exe, c.people.locked.headers), 403);
    expectError(await send('a.exe', exe, c.people.carol.headers, c.directId), 404);
    expectError(await send('a.exe', exe, c.people.admin.headers, c.directId), 404);
  });
});
