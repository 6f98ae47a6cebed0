import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formOf, injectForm, makeChannel, type Headers } from '../conversations/testing.ts';
import { createTestApp, makeAdmin, makeUser, sessionFor, type TestApp } from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';

/** Bad input (NUL characters, broken multipart, absurd nesting) is the client's fault: 400, never 5xx. */

let t: TestApp;
let resident: Headers, admin: Headers;

beforeAll(async () => {
  t = await createTestApp();
  resident = await sessionFor(t.app, await makeUser(t.app));
  admin = await sessionFor(t.app, await makeAdmin(t.app));
});
afterAll(async () => t.close());

describe('NUL characters', () => {
  it('in a query value: 400 naming the parameter (directory and admin search)', async () => {
    expectError(await call(t.app, 'GET', '/api/users?q=%00', undefined, resident), 400, {
      code: 'VALIDATION_ERROR',
      field: 'q',
    });
    expectError(await call(t.app, 'GET', '/api/admin/users?q=a%00b', undefined, admin), 400, {
      field: 'q',
    });
  });

  it('in the path: 400', async () => {
    expectError(await call(t.app, 'GET', '/api/users/%00', undefined, resident), 400);
  });

  it('in a JSON body: 400 naming the field (profile description, channel name)', async () => {
    expectError(await call(t.app, 'PUT', '/api/profile', { description: 'hi\u0000there' }, resident), 400, {
      field: 'description',
    });
    expectError(
      await call(t.app, 'POST', '/api/conversations', { type: 'channel', name: 'lob\u0000by' }, resident),
      400,
      { field: 'name' },
    );
  });

  it('in a nested JSON value: 400 naming its path', async () => {
    const res = await call(
      t.app,
      'PUT',
      '/api/profile',
      { metadata: { interests: ['ok', 'b\u0000d'] } },
      resident,
    );
    expectError(res, 400, { field: 'metadata.interests.1' });
  });

  it('in a multipart field: 400 naming the field (message content, profile description)', async () => {
    const channel = await makeChannel(t.app, resident);
    const sent = await injectForm(
      t.app,
      'POST',
      `/api/conversations/${channel.id}/messages`,
      formOf({ content: 'hello\u0000', clientMessageId: 'nul-1' }),
      resident,
    );
    expectError(sent, 400, { field: 'content' });
    const profile = await injectForm(
      t.app,
      'PUT',
      '/api/profile',
      formOf({ description: '\u0000' }),
      resident,
    );
    expectError(profile, 400, { field: 'description' });
  });
});

describe('broken multipart on PUT /api/profile', () => {
  const put = (contentType: string, payload: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { ...resident, 'content-type': contentType },
      payload,
    });

  it('without a boundary: 400', async () => {
    expectError(await put('multipart/form-data', 'whatever'), 400);
  });

  it('cut off mid-part: 400', async () => {
    const body = '--b\r\nContent-Disposition: form-data; name="description"\r\n\r\nhalf a descr';
    expectError(await put('multipart/form-data; boundary=b', body), 400);
  });

  it('with a malformed part header: never a 5xx (the parser skips the part)', async () => {
    const body = '--b\r\nthis is not a header\r\n\r\nx\r\n--b--\r\n';
    const res = await put('multipart/form-data; boundary=b', body);
    expect(res.statusCode, res.body).toBeLessThan(500);
  });
});

describe('R-API-42: a multipart part without a name', () => {
  const nameless = [
    '--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--\r\n',
    '--b\r\nContent-Disposition: form-data; filename="a.png"\r\nContent-Type: image/png\r\n\r\nx\r\n--b--\r\n',
  ];
  it('is a clear 400 on every form call, never a 500 and never an internal error text', async () => {
    const channel = await makeChannel(t.app, admin);
    const formCalls: [string, string, Headers][] = [
      ['PUT', '/api/profile', resident],
      ['POST', '/api/conversations', resident],
      ['POST', '/api/requests', resident],
      ['POST', `/api/conversations/${channel.id}/messages`, admin],
      ['PATCH', `/api/conversations/${channel.id}`, admin],
    ];
    for (const [method, url, headers] of formCalls)
      for (const payload of nameless) {
        const res = await t.app.inject({
          method: method as 'PUT',
          url,
          headers: { ...headers, 'content-type': 'multipart/form-data; boundary=b' },
          payload,
        });
        expectError(res, 400, {
          code: 'VALIDATION_ERROR',
          message: 'Every part of a form needs a name (Content-Disposition: form-data; name="…")',
        });
        expect(res.body).not.toMatch(/TypeError|Cannot read|reading '/);
      }
  });
});

describe('deeply nested JSON', () => {
  it('10,000 levels: 400, on any JSON route', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    for (const url of ['/api/profile', '/api/conversations']) {
      const res = await t.app.inject({
        method: url === '/api/profile' ? 'PUT' : 'POST',
        url,
        headers: { ...resident, 'content-type': 'application/json' },
        payload: `{"metadata":${deep}}`,
      });
      expectError(res, 400, { code: 'VALIDATION_ERROR' });
    }
  });

  it('brackets inside strings do not count as nesting', async () => {
    const res = await call(
      t.app,
      'PUT',
      '/api/profile',
      { description: '['.repeat(300) + '{"'.repeat(100) },
      resident,
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('ordinary JSON still parses, and prototype poisoning is still refused', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { ...resident, 'content-type': 'application/json' },
      payload: '{"description":"x","__proto__":{"polluted":true}}',
    });
    expectError(res, 400);
    const empty = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { ...resident, 'content-type': 'application/json' },
      payload: '',
    });
    expectError(empty, 400);
  });
});
