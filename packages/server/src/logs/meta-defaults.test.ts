import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { expectError } from '../test/http.ts';
import { fillMissingMeta } from './meta-defaults.ts';
import { LOG_INTAKE_PATH } from './routes.ts';

/** A client of another version never loses its logs to a 400 over missing meta fields. */

describe('POST /api/logs/frontend with incomplete meta', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const post = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: LOG_INTAKE_PATH,
      headers: { 'user-agent': 'old-client/1.0' },
      payload,
    });

  it('accepts entries and a batch whose meta lacks fields, or has none', async () => {
    const res = await post({
      logs: [
        { level: 'warn', message: 'no meta at all', context: {} },
        { level: 'error', message: 'meta without timestamp', context: {}, meta: { url: '/x' } },
      ],
      meta: { sessionId: 'old-client-session' },
    });
    expect(res.statusCode, res.body).toBe(204);
    const bare = await post({ logs: [{ level: 'info', message: 'no batch meta', context: {} }] });
    expect(bare.statusCode, bare.body).toBe(204);
  });

  it('still refuses what no version sends: a wrong type or no entries', async () => {
    expectError(await post({ logs: [{ level: 'info', message: 'x', context: {} }], meta: 'text' }), 400, {
      field: 'meta',
    });
    expectError(await post({ logs: [], meta: {} }), 400, { field: 'logs' });
  });
});

describe('fillMissingMeta', () => {
  it('fills server time, the User-Agent and the batch size; keeps what was sent', () => {
    const now = new Date('2026-01-02T03:04:05.000Z');
    const filled = fillMissingMeta(
      {
        logs: [{ message: 'a', meta: { url: '/a', timestamp: 'client-time' } }, { message: 'b' }],
        meta: { userAgent: 'sent' },
      },
      'header-agent',
      now,
    );
    expect(filled).toEqual({
      logs: [
        { message: 'a', meta: { url: '/a', timestamp: 'client-time' } },
        { message: 'b', meta: { timestamp: now.toISOString() } },
      ],
      meta: { userAgent: 'sent', timestamp: now.toISOString(), batchSize: 2 },
    });
  });
});
