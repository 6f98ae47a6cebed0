import type { FastifyInstance } from 'fastify';
import { announceSharingChange } from './read-receipts.ts';

/**
 * When a resident turns read receipts off or on (published by the profile service after
 * its write), the other participants of their conversations hear of it. Returns a function that
 * unsubscribes.
 */
export function receiptSharingSubscriber(app: FastifyInstance): () => void {
  return app.bus.on('read-receipts:changed', ({ userId, shareReadReceipts }) => {
    announceSharingChange(app, userId, shareReadReceipts).catch((error: unknown) =>
      // A nicety: the others' next load of the conversation shows the right receipts anyway.
      app.log.warn({ err: error, userId }, 'a change of read-receipt sharing could not be announced'),
    );
  });
}
