import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { notificationsPageSchema, type NotificationsPage } from '@stoop/shared';
import type { Headers } from '../conversations/testing.ts';
import { until } from '../realtime/testing.ts';

/** Test-only helpers for notification calls through app.inject. */

export async function notificationsOf(
  app: FastifyInstance,
  headers: Headers,
  query = '?limit=100',
): Promise<NotificationsPage> {
  const res = await app.inject({ method: 'GET', url: `/api/notifications${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return notificationsPageSchema.parse(res.json());
}

/**
 * Notifications are written after the action's commit, from its domain event: waits until the
 * reader's list satisfies `check`, and returns it.
 */
export async function waitForNotifications(
  app: FastifyInstance,
  headers: Headers,
  check: (page: NotificationsPage) => boolean,
): Promise<NotificationsPage> {
  let last = await notificationsOf(app, headers);
  let inFlight = false;
  await until(() => {
    if (check(last)) return true;
    if (!inFlight) {
      inFlight = true;
      void notificationsOf(app, headers).then((page) => {
        last = page;
        inFlight = false;
      });
    }
    return false;
  });
  return last;
}
