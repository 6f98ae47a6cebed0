/**
 * The router guard of R-GUARD-0 as pure decisions. Each function maps (path, state) to what should
 * happen; `guard-runner.ts` performs the effects. Keeping the rules pure keeps each one testable
 * on its own.
 */
import type { User } from '@stoop/shared';
import type { Platform } from '../services/device/platform.ts';
import { PATHS } from '../navigation/paths.ts';

export type GuardUser = Pick<User, 'role' | 'isLocked' | 'reasonForLock'>;

/** How a path may be visited. */
export type RouteAccess = 'root' | 'awaiting' | 'guest' | 'public' | 'authenticated' | 'admin';

/**
 * R-ROUTE-5 (admins only), plus the audit log of R-ADMIN-17, the requests queue of R-REQ-10 and the
 * import and invitation screens of R-MOVEIN-9 and R-MOVEIN-12.
 */
const ADMIN_ONLY_CHILDREN = [
  'user-approval',
  'flagged_content',
  'announcements',
  'audit-log',
  'requests',
  'import',
  'invites',
] as const;
/** Pages that make no sense once signed in; a signed-in visitor goes to their dashboard. */
const GUEST_ONLY: readonly string[] = [PATHS.login, PATHS.signup];
/**
 * R-GUARD-3: the public pages a locked resident may still open (reach the office, read the terms,
 * stop notification mail).
 */
const OPEN_TO_LOCKED: readonly string[] = [
  PATHS.contact,
  PATHS.privacyPolicy,
  PATHS.termsOfService,
  PATHS.unsubscribe,
];

const within = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/** Strips a trailing slash so '/main_dashboard/' and '/main_dashboard' are one route. */
function normalisePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export function classifyPath(rawPathname: string): RouteAccess {
  const pathname = normalisePath(rawPathname);
  if (pathname === PATHS.root) return 'root';
  if (pathname === PATHS.awaitingApproval) return 'awaiting';
  if (GUEST_ONLY.includes(pathname)) return 'guest';
  if (within(pathname, PATHS.adminDashboard)) {
    const child = pathname.slice(PATHS.adminDashboard.length + 1).split('/')[0] ?? '';
    return (ADMIN_ONLY_CHILDREN as readonly string[]).includes(child) ? 'admin' : 'authenticated';
  }
  if (within(pathname, PATHS.mainDashboard) || within(pathname, PATHS.accountSettings))
    return 'authenticated';
  return 'public';
}

/** Locked for pending approval or by an admin; both confine the user. */
const isLocked = (user: GuardUser | null): boolean => user?.isLocked === true;

const publicHome = (platform: Platform): string => (platform === 'web' ? PATHS.webHome : PATHS.mobileHome);

/** Where '/' leads (R-GUARD-4): admins to the admin dashboard, others to the main one, anonymous home. */
export function homeFor(user: GuardUser | null, platform: Platform): string {
  if (!user) return publicHome(platform);
  if (isLocked(user)) return PATHS.awaitingApproval;
  return user.role === 'admin' ? PATHS.adminDashboard : PATHS.mainDashboard;
}

export interface GuardState {
  user: GuardUser | null;
  platform: Platform;
}

/** The redirect a navigation to `pathname` needs, or null to let it through. Order matters. */
export function decideRedirect(pathname: string, { user, platform }: GuardState): string | null {
  const access = classifyPath(pathname);
  if (isLocked(user))
    return access === 'awaiting' || OPEN_TO_LOCKED.includes(normalisePath(pathname))
      ? null
      : PATHS.awaitingApproval;
  switch (access) {
    case 'root':
      return homeFor(user, platform);
    case 'awaiting':
      // Only locked users belong here; an approved user moves on, a visitor goes home.
      return homeFor(user, platform);
    case 'guest':
      return user ? homeFor(user, platform) : null;
    case 'public':
      return null;
    case 'authenticated':
      return user ? null : publicHome(platform);
    case 'admin':
      if (!user) return publicHome(platform);
      return user.role === 'admin' ? null : PATHS.mainDashboard;
  }
}

export type SessionAction = 'load' | 'reinitialise' | null;

export interface SessionState {
  /** The auth store has checked with the server at least once (or is doing so). */
  checked: boolean;
  hasUser: boolean;
  hasStoredUser: boolean;
}

/** R-GUARD-1, R-GUARD-2: the first navigation loads the user; no user but stored user data re-initialises. */
export function decideSessionAction({ checked, hasUser, hasStoredUser }: SessionState): SessionAction {
  if (!hasUser && hasStoredUser) return 'reinitialise';
  if (!checked) return 'load';
  return null;
}

export type ConversationEffect =
  { type: 'activate'; conversationId: string } | { type: 'fetch-thread'; messageId: string } | null;

const CHAT_ROUTE = new RegExp(`^${PATHS.mainDashboard}/conversations/(?:channel|direct)/([^/]+)$`);
const THREAD_ROUTE = new RegExp(`^${PATHS.mainDashboard}/thread/([^/]+)$`);

const decodeSegment = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/**
 * What opening `pathname` does to the active conversation. Locked or anonymous users
 * get nothing: a locked user must cause no conversation fetch.
 */
export function decideConversationEffect(
  rawPathname: string,
  state: { user: GuardUser | null; activeConversationId: string | null },
): ConversationEffect {
  if (!state.user || isLocked(state.user)) return null;
  const pathname = normalisePath(rawPathname);
  const chat = CHAT_ROUTE.exec(pathname)?.[1];
  if (chat !== undefined) {
    const conversationId = decodeSegment(chat);
    return conversationId ? { type: 'activate', conversationId } : null;
  }
  const thread = THREAD_ROUTE.exec(pathname)?.[1];
  if (thread !== undefined && state.activeConversationId === null) {
    const messageId = decodeSegment(thread);
    return messageId ? { type: 'fetch-thread', messageId } : null;
  }
  return null;
}

/** Community data (conversations, the user directory) may be fetched only by unlocked users. */
export const mayFetchCommunityData = (user: GuardUser | null): boolean => user !== null && !isLocked(user);
