import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@stoop/shared';
import {
  Conflict,
  Forbidden,
  Invalid,
  NotFound,
  RateLimited,
  TooLarge,
  Unauthenticated,
  type DomainError,
} from '../errors.ts';
import { installErrorHandler } from './errors.ts';

/** Each domain error, as a service throws it, and the answer the edge gives for it. */
const CASES: { error: DomainError; status: number; body: Record<string, string | number> }[] = [
  {
    error: new Invalid('Pick a date in the future', 'startsAt'),
    status: 400,
    body: { error: 'Bad Request', code: ERROR_CODES.validation, field: 'startsAt' },
  },
  {
    error: new Unauthenticated(),
    status: 401,
    body: { error: 'Unauthorized', code: ERROR_CODES.unauthenticated, message: 'You need to sign in first' },
  },
  {
    error: new Forbidden(),
    status: 403,
    body: { error: 'Forbidden', code: ERROR_CODES.forbidden, message: 'You are not allowed to do that' },
  },
  {
    error: new Forbidden('Your account is locked', ERROR_CODES.accountLocked),
    status: 403,
    body: { error: 'Forbidden', code: ERROR_CODES.accountLocked },
  },
  {
    error: new NotFound('Poll not found'),
    status: 404,
    body: { error: 'Not Found', code: ERROR_CODES.notFound },
  },
  {
    error: new Conflict('That name is taken', 'name'),
    status: 409,
    body: { error: 'Conflict', code: ERROR_CODES.conflict, field: 'name' },
  },
  {
    error: new TooLarge('The file is too large', 'file'),
    status: 413,
    body: { error: 'Payload Too Large', code: ERROR_CODES.payloadTooLarge, field: 'file' },
  },
  {
    error: new RateLimited('Too many attempts'),
    status: 429,
    body: { error: 'Too Many Requests', code: ERROR_CODES.rateLimited },
  },
];

describe('domain errors at the edge', () => {
  const app = Fastify();
  beforeAll(async () => {
    installErrorHandler(app);
    app.get<{ Params: { index: string } }>('/fail/:index', (request) => {
      const thrown = CASES[Number(request.params.index)]?.error ?? new Error('no such case');
      return Promise.reject(thrown);
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('the one error handler maps each kind to its status, with its text, code and field', async () => {
    for (const [index, { error, status, body }] of CASES.entries()) {
      const res = await app.inject({ method: 'GET', url: `/fail/${index}` });
      expect(res.statusCode, error.message).toBe(status);
      expect(res.json()).toEqual(
        expect.objectContaining({ statusCode: status, message: error.message, ...body }),
      );
    }
  });
});
