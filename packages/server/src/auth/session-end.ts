import type { Context } from '../context.ts';
import { inTransaction } from '../transaction.ts';
import { deleteSession } from './repo.ts';

/**
 * Ends one session: its row goes, no cached copy outlives it and its sockets disconnect on every
 * instance (R-SESSION-10). Logout of a web or native client and a revocation from the device list
 * all end here.
 */
export async function endSessionById(ctx: Context, sessionId: string): Promise<void> {
  await inTransaction(ctx, async (tx, events) => {
    await deleteSession(tx, sessionId);
    events.afterCommit(() => ctx.sessionCache.forget({ sessionId }));
    events.publish('session:ended', { sessionId });
  });
}
