/**
 * The account side of the real-time channel: an admin's lock ends the
 * session's chat state at once, and profile changes reach the directory and the own account.
 */
import type { PublicUser } from '@stoop/shared';
import { PATHS } from '../navigation/paths.ts';
import { logger } from '../services/logger/logger.ts';
import { navigateTo } from '../navigation/navigate.ts';
import { runSessionCleanup } from '../services/session/session-cleanup.ts';
import { useAuthStore } from '../stores/auth.ts';
import { useConversationsStore } from '../stores/conversations.ts';
import { useReadReceiptsStore } from '../stores/read-receipts.ts';
import { useUsersStore } from '../stores/users.ts';

/**
 * `user:locked` (or a reconnect refused with ACCOUNT_LOCKED). For the signed-in user: the local
 * part of logout (sockets, messages, timers; the server session stays, a locked user may still
 * read it), the user marked locked, and the awaiting-approval page. Anyone else: only
 * drop them from presence.
 */
export async function applyUserLocked(userId: string): Promise<void> {
  const auth = useAuthStore.getState();
  const me = auth.user;
  if (me?.id !== userId) {
    useConversationsStore.getState().applyPresenceChange([], [userId]);
    return;
  }
  const failures = await runSessionCleanup();
  for (const failure of failures) logger.error('A cleanup after the account lock failed', failure);
  // Locked without a known reason means pending approval; the session check below corrects it.
  auth.setUser({ ...me, isLocked: true, reasonForLock: me.reasonForLock ?? 'pending_approval' });
  navigateTo(PATHS.awaitingApproval);
  await auth.loadCurrentUser();
}

/** `profile:updated`: the directory entry, and the own account's public fields when it is us. */
export function applyProfileUpdated(user: PublicUser): void {
  useUsersStore.getState().upsertUser(user);
  const auth = useAuthStore.getState();
  // The event has the public shape: keep email and lock state from the own record.
  if (auth.user?.id === user.id) auth.setUser({ ...auth.user, ...user });
}

/**
 * `read-receipts:changed`: the resident turned sharing on or off, maybe on another
 * device. The switch and the receipts shown follow; this device's own change (whose answer may come
 * before or after the event) is applied once.
 */
export function applyReadReceiptsSetting(share: boolean): void {
  const auth = useAuthStore.getState();
  if (!auth.user || auth.user.shareReadReceipts === share) return;
  auth.setUser({ ...auth.user, shareReadReceipts: share });
  void useReadReceiptsStore.getState().sharingChanged(share);
}
