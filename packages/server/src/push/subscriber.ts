import type { FastifyInstance } from 'fastify';
import { pushContext } from './http/context.ts';
import { pushDirectMessage, pushStoredNotification } from './notify.ts';

/** Each app's push decisions still running (presence and mute lookups before the queue insert). */
const inFlight = new WeakMap<FastifyInstance, Set<Promise<void>>>();

/** Resolves once every push decision started so far has been made (tests wait on it). */
export async function pushDecisionsSettled(app: FastifyInstance): Promise<void> {
  await Promise.all([...(inFlight.get(app) ?? [])]);
}

/**
 * Queues pushes from the domain events published after commit: every stored notification and every
 * direct message. Queuing is one insert and sending happens in the dispatcher, so a slow or failing
 * provider never delays or fails the action; a failure here is logged, never thrown (R-PUSH-8).
 * Returns the unsubscribe.
 */
export function subscribePushes(app: FastifyInstance): () => void {
  const pending = new Set<Promise<void>>();
  inFlight.set(app, pending);
  const run = (what: string, work: () => Promise<void>) => {
    const done = work()
      .catch((error: unknown) => app.log.warn({ err: error }, `push for ${what} failed`))
      .finally(() => pending.delete(done));
    pending.add(done);
  };
  const unsubscribe = [
    app.bus.on('notification:new', ({ userId, notification, urgent, conversation }) =>
      run('a notification', () =>
        pushStoredNotification(pushContext(app), userId, notification, urgent ?? false, conversation),
      ),
    ),
    app.bus.on('message:new', ({ message }) =>
      run('a direct message', () => pushDirectMessage(pushContext(app), message)),
    ),
  ];
  return () => {
    for (const off of unsubscribe) off();
  };
}
