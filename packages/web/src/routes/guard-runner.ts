/**
 * Runs the R-GUARD-0 for one navigation, in order: settle the session, decide the redirect, then
 * apply the conversation effect. AppRoutes runs it on every navigation (navigation-outcome.ts).
 */
import { callApi } from '../services/http/client.ts';
import { logger } from '../services/logger/logger.ts';
import { getPlatform } from '../services/device/platform.ts';
import { readStoredUser, useAuthStore } from '../stores/auth.ts';
import { decideConversationEffect, decideRedirect, decideSessionAction } from './guard.ts';

async function settleSession(): Promise<void> {
  const auth = useAuthStore.getState();
  const action = decideSessionAction({
    // A load still under way is not a check: 'load' joins it (loadCurrentUser shares one request),
    // so a navigation racing the first one never sees a half-known visitor as anonymous.
    checked: auth.status === 'ready',
    hasUser: auth.user !== null,
    hasStoredUser: readStoredUser() !== null,
  });
  if (action === 'load') await auth.loadCurrentUser();
  else if (action === 'reinitialise') await auth.reinitialise();
}

async function activateThreadConversation(messageId: string): Promise<void> {
  try {
    // Checked all the same: an answer without the conversation must not activate anything.
    const thread: { conversationId?: unknown } | undefined = await callApi('getThread', {
      params: { id: messageId },
    });
    if (typeof thread?.conversationId === 'string') {
      const { useConversationsStore } = await import('../stores/conversations.ts');
      useConversationsStore.getState().setActiveConversation(thread.conversationId);
    } else {
      logger.error('Thread response had no conversationId', undefined, { messageId });
    }
  } catch (error) {
    // Log and let the navigation continue; the thread screen shows its own state.
    logger.error('Failed to load thread for navigation', error, { messageId });
  }
}

/** Returns the path to redirect to, or null once the navigation may proceed. */
export async function runGuard(pathname: string): Promise<string | null> {
  await settleSession();
  const user = useAuthStore.getState().user;
  const target = decideRedirect(pathname, { user, platform: getPlatform() });
  if (target !== null) return target;

  // The conversations store (and the chat API under it) is signed-in code, loaded only
  // for a path with a conversation effect; without one the active conversation cannot make one.
  if (decideConversationEffect(pathname, { user, activeConversationId: null }) === null) return null;
  const { useConversationsStore } = await import('../stores/conversations.ts');
  const conversations = useConversationsStore.getState();
  const effect = decideConversationEffect(pathname, {
    user,
    activeConversationId: conversations.activeConversationId,
  });
  if (effect?.type === 'activate') conversations.setActiveConversation(effect.conversationId);
  else if (effect?.type === 'fetch-thread') await activateThreadConversation(effect.messageId);
  return null;
}
