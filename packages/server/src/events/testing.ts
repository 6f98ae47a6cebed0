/** Test-only helpers for the event calls (events.test.ts, change.test.ts). */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { eventResponseSchema, type EventView } from '@stoop/shared';
import { call } from '../test/http.ts';

export const HOUR = 3600_000;

/** A time `ms` from now, as the API takes it. */
export const at = (ms: number) => new Date(Date.now() + ms).toISOString();

/** Rooftop movie night, tomorrow from +24 h to +26 h on the roof terrace; changed by `patch`. */
const eventBody = (patch: Record<string, unknown> = {}) => ({
  title: 'Rooftop movie night',
  startsAt: at(24 * HOUR),
  endsAt: at(26 * HOUR),
  location: 'Roof terrace',
  description: 'Bring a blanket; popcorn, drinks provided.',
  ...patch,
});

export const postEvent = (
  app: FastifyInstance,
  headers: Record<string, string>,
  patch: Record<string, unknown> = {},
) => call(app, 'POST', '/api/events', eventBody(patch), headers);

/** Creates an event (201) and answers it as its creator sees it. */
export async function createEventAs(
  app: FastifyInstance,
  headers: Record<string, string>,
  patch: Record<string, unknown> = {},
): Promise<EventView> {
  const res = await postEvent(app, headers, patch);
  expect(res.statusCode, res.body).toBe(201);
  return eventResponseSchema.parse(res.json()).event;
}
