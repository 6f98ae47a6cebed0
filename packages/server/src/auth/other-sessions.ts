/**
 * Ending a user's other sessions, apart from the rest of the auth service: the users domain calls
 * it after a password change, and the auth service reads accounts through the users service, so
 * keeping it here leaves no import cycle between the two services.
 */
import type { Context } from '../context.ts';
import { inTransaction } from '../transaction.ts';
import { endSessions } from './end-sessions.ts';
import { invalidatePasswordResets } from './repo.ts';

/**
 * After a password change, every other session of the user ends; the one that made
 * the change stays signed in. Resets still pending are void too.
 */
export async function endOtherSessions(ctx: Context, userId: string, keepSessionId: string): Promise<void> {
  await inTransaction(ctx, async (tx, events) => {
    await invalidatePasswordResets(tx, userId);
    // Their sockets go too, on every instance.
    await endSessions(ctx, { reason: 'password-change', userId, keepSessionId }, { tx, events });
  });
}
