import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyRequest } from 'fastify';
import {
  CORRELATION_ID_HEADER,
  LOG_INTAKE_BODY_LIMIT_BYTES,
  LOG_INTAKE_RATE_PER_IP,
  LOG_INTAKE_RATE_PER_SESSION,
  type LogBatch,
} from '@stoop/shared';
import { createTestApp, makeUser, sessionFor, type TestApp } from '../test/helpers.ts';
import { expectError } from '../test/http.ts';
import { correlationIdOf, LOG_INTAKE_PATH, writeBatch } from './routes.ts';

let counter = 0;
function batch(overrides: Partial<LogBatch['meta']> = {}, message = 'hello'): LogBatch {
  counter += 1;
  return {
    logs: [
      {
        level: 'error',
        message,
        context: { where: 'test' },
        meta: { timestamp: new Date().toISOString(), url: 'http://stoop.test/x', sessionId: `s${counter}` },
        error: { name: 'TypeError', message: 'bad', stack: 'at x' },
      },
    ],
    meta: {
      userAgent: 'vitest',
      timestamp: new Date().toISOString(),
      batchSize: 1,
      sessionId: `client-${counter}`,
      ...overrides,
    },
  };
}

describe('POST /api/logs/frontend', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('R-API-2, R-ACCESS-5: accepts a batch without the CSRF header (the beacon) and answers 204', async () => {
    const res = await t.app.inject({ method: 'POST', url: LOG_INTAKE_PATH, payload: batch() });
    expect(res.statusCode, res.body).toBe(204);
  });

  it('R-LOG-4, R-LOG-14: accepts a beacon body sent as text/plain', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: LOG_INTAKE_PATH,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify(batch()),
    });
    expect(res.statusCode, res.body).toBe(204);
  });

  it('R-LOCK-4, R-LOG-14: a signed-in and a locked user may both send logs', async () => {
    const resident = await makeUser(t.app);
    const locked = await makeUser(t.app, { locked: true });
    for (const user of [resident, locked]) {
      const headers = await sessionFor(t.app, user);
      const res = await t.app.inject({ method: 'POST', url: LOG_INTAKE_PATH, headers, payload: batch() });
      expect(res.statusCode, res.body).toBe(204);
    }
  });

  it('logs: a bad shape is 400 naming the field', async () => {
    const bad = batch();
    (bad.logs[0] as { level: string }).level = 'fatal';
    const body = expectError(await t.app.inject({ method: 'POST', url: LOG_INTAKE_PATH, payload: bad }), 400);
    expect(body.field).toBe('logs.0.level');
    expect(body.message).toContain('logs.0.level');
    const empty = expectError(
      await t.app.inject({ method: 'POST', url: LOG_INTAKE_PATH, payload: { ...batch(), logs: [] } }),
      400,
    );
    expect(empty.field).toBe('logs');
  });

  it('logs: a text body that is not JSON is 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: LOG_INTAKE_PATH,
      headers: { 'content-type': 'text/plain' },
      payload: '{nope',
    });
    expectError(res, 400, { message: 'The request body is not valid JSON' });
  });

  it('R-LOG-13, R-LOG-6: a body over 2 MB plus margin is 413 with a message', async () => {
    const huge = batch({}, 'x'.repeat(LOG_INTAKE_BODY_LIMIT_BYTES));
    const res = await t.app.inject({ method: 'POST', url: LOG_INTAKE_PATH, payload: huge });
    expectError(res, 413, { message: 'The request body is too large' });
  });

  it('logs: rate-limited per session (429 after the limit)', async () => {
    const sessionId = 'flooding-client';
    let last = 0;
    for (let i = 0; i <= LOG_INTAKE_RATE_PER_SESSION.max; i += 1) {
      const res = await t.app.inject({ method: 'POST', url: LOG_INTAKE_PATH, payload: batch({ sessionId }) });
      last = res.statusCode;
      if (i < LOG_INTAKE_RATE_PER_SESSION.max) expect(res.statusCode).toBe(204);
    }
    expect(last).toBe(429);
    // another client on the same address is unaffected
    const other = await t.app.inject({
      method: 'POST',
      url: LOG_INTAKE_PATH,
      payload: batch({ sessionId: 'calm-client' }),
    });
    expect(other.statusCode).toBe(204);
  });

  it('logs: rate-limited per IP across sessions', async () => {
    const { app, close } = await createTestApp();
    try {
      let status = 0;
      for (let i = 0; i <= LOG_INTAKE_RATE_PER_IP.max && status !== 429; i += 1) {
        status = (
          await app.inject({
            method: 'POST',
            url: LOG_INTAKE_PATH,
            payload: batch(),
            remoteAddress: '10.0.0.9',
          })
        ).statusCode;
      }
      expect(status).toBe(429);
      const elsewhere = await app.inject({
        method: 'POST',
        url: LOG_INTAKE_PATH,
        payload: batch(),
        remoteAddress: '10.0.0.10',
      });
      expect(elsewhere.statusCode).toBe(204);
    } finally {
      await close();
    }
  });
});

describe('writeBatch', () => {
  it('R-LOG-12: every entry goes through pino with the correlation id, user id and session ids', () => {
    const lines: {
      bindings: Record<string, unknown>;
      level: string;
      fields: Record<string, unknown>;
      msg: string;
    }[] = [];
    const child = vi.fn((bindings: Record<string, unknown>) => {
      const at = (level: string) => (fields: Record<string, unknown>, msg: string) =>
        lines.push({ bindings, level, fields, msg });
      return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
    });
    const request = {
      log: { child },
      user: { id: 'user-1' },
      session: { id: 'session-1' },
      headers: { [CORRELATION_ID_HEADER]: 'abc' },
    } as unknown as FastifyRequest;
    const b = batch({ sessionId: 'client-x' });
    b.logs.push({ level: 'info', message: 'second', context: {}, meta: { timestamp: 't' } });
    writeBatch(request, b, 'corr-12345');
    expect(child).toHaveBeenCalledWith({
      source: 'frontend',
      transport: 'fetch',
      correlationId: 'corr-12345',
      userId: 'user-1',
      sessionId: 'session-1',
      clientSessionId: 'client-x',
    });
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['error', 'hello'],
      ['info', 'second'],
    ]);
    expect(lines[0]?.fields.clientError).toEqual({ name: 'TypeError', message: 'bad', stack: 'at x' });
    expect(lines[0]?.fields.context).toEqual({ where: 'test' });
  });

  it('R-LOG-12, R-LOG-4: a batch without a correlation header is marked as the unload beacon', () => {
    const child = vi.fn(() => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }));
    const request = { log: { child }, headers: {} } as unknown as FastifyRequest;
    writeBatch(request, batch({ sessionId: 'client-y' }), 'minted-id');
    expect(child).toHaveBeenCalledWith(expect.objectContaining({ transport: 'beacon' }));
  });
});

describe('correlationIdOf', () => {
  it('R-API-2, R-LOG-12: uses the client correlation-id header, and mints one for a beacon without it', () => {
    const withHeader = {
      headers: { [CORRELATION_ID_HEADER]: '0b7c8a52-3c39-4a53-9f3b-0d3b3c1f9a10' },
    } as unknown as FastifyRequest;
    expect(correlationIdOf(withHeader)).toBe('0b7c8a52-3c39-4a53-9f3b-0d3b3c1f9a10');
    const beacon = { headers: {} } as unknown as FastifyRequest;
    expect(correlationIdOf(beacon)).toMatch(/^[0-9a-f-]{36}$/);
    const forged = {
      headers: { [CORRELATION_ID_HEADER]: 'bad id\nwith newline' },
    } as unknown as FastifyRequest;
    expect(correlationIdOf(forged)).not.toContain('newline');
  });
});
