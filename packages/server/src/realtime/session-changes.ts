import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AuthChange, SessionCache } from '../auth/session-cache.ts';

/** Events between Stoop instances (Socket.IO server-side emits over the Redis adapter). */
export type InterServerEvents = {
  /** A session or user row changed on the sending instance: drop what the cache holds of it. */
  'auth:forget': (change: AuthChange) => void;
};

const authChangeSchema = z.union([
  z.strictObject({ userId: z.string().min(1) }),
  z.strictObject({ sessionId: z.string().min(1) }),
]);

type InterServer = {
  serverSideEmit(event: 'auth:forget', change: AuthChange): boolean;
  on(event: 'auth:forget', listener: (change: AuthChange) => void): unknown;
};

/**
 * Server mode: a change this instance forgets is forgotten by every other instance too, so a lock,
 * logout or role change made behind one instance holds behind all of them without waiting for the
 * cache's time-to-live. Returns a function that stops sending.
 */
export function shareSessionChanges(
  io: InterServer,
  cache: SessionCache,
  log: FastifyBaseLogger,
): () => void {
  io.on('auth:forget', (payload: unknown) => {
    const change = authChangeSchema.safeParse(payload);
    if (change.success) {
      cache.forgetLocally(change.data);
    } else {
      // Not ours or garbled: forgetting everything is always safe.
      log.warn('malformed auth:forget from another instance; session cache cleared');
      cache.forgetLocally({ everything: true });
    }
  });
  return cache.onForget((change) => io.serverSideEmit('auth:forget', change));
}
