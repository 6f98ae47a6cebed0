import type { FastifyInstance } from 'fastify';
import type { PeriodicWork } from '../../domain.ts';
import { endSessions } from '../end-sessions.ts';
import { deleteExpiredPasswordResets } from '../repo.ts';

/** How often expired sessions and reset links are removed. */
const AUTH_PURGE_INTERVAL_MS = 3600_000;

/** Removes expired sessions and password-reset links; returns the counts (tests, logs). */
export async function purgeExpiredAuth(app: FastifyInstance, now = new Date()) {
  // Expiry is an end like any other (end-sessions.ts): a socket still open on one goes too.
  const ended = await endSessions(app, { reason: 'expiry', now });
  const removed = {
    sessions: ended.sessionIds.length,
    passwordResets: await deleteExpiredPasswordResets(app.db, now),
  };
  if (removed.sessions + removed.passwordResets > 0)
    app.log.info(removed, 'purged expired sessions and reset links');
  return removed;
}

/**
 * Purges once when the server is ready and then hourly, so the sessions table does not grow
 * without bound (expired rows are already ignored by every lookup; this only reclaims space).
 */
export function authPurge(app: FastifyInstance): PeriodicWork {
  let timer: ReturnType<typeof setInterval> | undefined;
  const run = () => {
    purgeExpiredAuth(app).catch((error: unknown) => app.log.warn({ err: error }, 'session purge failed'));
  };
  return {
    start() {
      run();
      timer = setInterval(run, AUTH_PURGE_INTERVAL_MS);
      timer.unref();
    },
    stop: () => clearInterval(timer),
  };
}
