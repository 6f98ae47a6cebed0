import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ApiError } from '@stoop/shared';

/** Asserts the common error body and returns it. */
export function expectError(
  res: LightMyRequestResponse,
  status: number,
  extra: Partial<ApiError> = {},
): ApiError {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<ApiError>();
  expect(body).toMatchObject({ statusCode: status, ...extra });
  expect(typeof body.error).toBe('string');
  expect(typeof body.message).toBe('string');
  return body;
}

/** The Set-Cookie of `name` in a response, if any. */
export function cookieOf(res: LightMyRequestResponse, name: string) {
  return res.cookies.find((c) => c.name === name);
}

/** JSON call helper: `call(app, 'POST', '/api/login', body, headers)`. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const options: InjectOptions = { method, url, headers };
  if (payload !== undefined) options.payload = payload as NonNullable<InjectOptions['payload']>; // plain objects are sent as JSON
  return app.inject(options);
}
