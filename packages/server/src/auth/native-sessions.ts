/**
 * The native apps signed in to an account, as the resident's device list shows them,
 * and their revocation from that list.
 */
import type { NativeSessionsResponse } from '@stoop/shared';
import type { Context } from '../context.ts';
import { findNativeSessionOfUser, nativeSessionsOfUser } from './repo.ts';
import { endSessions } from './end-sessions.ts';

export async function listNativeSessions(
  ctx: Pick<Context, 'db'>,
  userId: string,
  currentSessionId: string | null,
): Promise<NativeSessionsResponse> {
  const rows = await nativeSessionsOfUser(ctx.db, userId);
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      platform: row.platform,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      thisDevice: row.id === currentSessionId,
    })),
  };
}

/** Ends one of the user's native sessions (its token and sockets); another user's id removes nothing. */
export async function revokeNativeSession(
  ctx: Context,
  userId: string,
  id: string,
): Promise<{ removed: number }> {
  const row = await findNativeSessionOfUser(ctx.db, userId, id);
  if (!row) return { removed: 0 };
  // The device is signed out as by its own logout: the one way a session ends.
  await endSessions(ctx, { reason: 'logout', sessionId: row.id });
  return { removed: 1 };
}
