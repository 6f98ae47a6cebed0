import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { requestDetailSchema, type RequestDetail } from '@stoop/shared';
import { formOf, injectForm, type Headers } from '../conversations/testing.ts';

/** Test-only helpers for building request calls through app.inject. */

export type Photo = { name: string; bytes: Uint8Array; type: string };

/** Files a request (multipart, as the web client does) and returns the 201 answer. */
export async function fileRequest(
  app: FastifyInstance,
  headers: Headers,
  fields: Partial<Record<'category' | 'title' | 'description', string>> = {},
  photo?: Photo,
): Promise<RequestDetail> {
  const res = await injectForm(
    app,
    'POST',
    '/api/requests',
    formOf(
      { category: 'maintenance', title: 'Leaking tap', description: 'The kitchen tap drips.', ...fields },
      photo && { field: 'photo', ...photo },
    ),
    headers,
  );
  expect(res.statusCode, res.body).toBe(201);
  return requestDetailSchema.parse(res.json());
}
