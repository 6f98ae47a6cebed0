/**
 * Session state (R-SESSION-0): the signed-in user, whether the start-up check has run, and
 * the calls that change the session. The user is mirrored into storage under 'user' so a reload
 * can re-initialise the session before the server answers.
 */
import { create } from 'zustand';
import type { User, Viewer } from '@stoop/shared';
import { LOGIN_TIMEOUT_MS } from '@stoop/shared/constants';
import { TEXTS } from '@stoop/shared/texts';
import {
  ApiError,
  callApi,
  isApiError,
  isNativeClient,
  rememberBearerToken,
  setCsrfToken,
} from '../services/http/client.ts';
import { fetchCsrfToken } from '../services/http/csrf.ts';
import { takeEmbeddedSession } from '../services/api/early-reads.ts';
import { logger } from '../services/logger/logger.ts';
import { runSessionCleanup } from '../services/session/session-cleanup.ts';
import { storage } from '../services/storage/storage.ts';

export const STORED_USER_KEY = 'user';

/** idle: never checked; loading: a check is running; ready: the server has answered (or failed). */
type AuthStatus = 'idle' | 'loading' | 'ready';

interface SignupInput {
  email: string;
  password: string;
  username: string;
  acceptTerms: true;
}

export interface AuthState {
  user: User | null;
  /** The admin viewing as `user` (set-user), shown in a banner; null otherwise. */
  viewer: Viewer | null;
  status: AuthStatus;
  /** GET /api/protected/user. 401/403 end the session; other failures keep the current state. */
  loadCurrentUser: () => Promise<User | null>;
  /** Restores the stored user at once, then confirms it with the server. */
  reinitialise: () => Promise<User | null>;
  login: (email: string, password: string) => Promise<User>;
  signup: (input: SignupInput) => Promise<User>;
  logout: () => Promise<void>;
  /** Switches an admin's session back from the account it views (set-user). */
  stopViewingAs: () => Promise<void>;
  /** Replaces the user after a profile change or a poll; null clears the session locally. */
  setUser: (user: User | null) => void;
}

/** Cheap structural check: full zod stays out of the first-load bundle. */
function looksLikeUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.role === 'string' && typeof v.isLocked === 'boolean';
}

export function readStoredUser(): User | null {
  const stored = storage.get<unknown>(STORED_USER_KEY, null);
  return looksLikeUser(stored) ? stored : null;
}

const viewerFrom = (body: unknown): Viewer | null => {
  if (typeof body !== 'object' || body === null || !('viewer' in body)) return null;
  const viewer = body.viewer as Partial<Viewer> | null | undefined;
  return typeof viewer?.id === 'string' && typeof viewer.username === 'string'
    ? { id: viewer.id, username: viewer.username }
    : null;
};

const userFrom = (body: unknown): User | null =>
  typeof body === 'object' && body !== null && 'user' in body && looksLikeUser(body.user) ? body.user : null;

/** R-NATIVE-1: a native sign-in answers the bearer token beside the user (the web gets a cookie). */
const tokenFrom = (body: unknown): string | null =>
  typeof body === 'object' && body !== null && 'token' in body && typeof body.token === 'string'
    ? body.token
    : null;

/** R-SESSION-14: a web sign-in renews the CSRF cookie and answers the token that goes with it. */
const csrfTokenFrom = (body: unknown): string | null =>
  typeof body === 'object' && body !== null && 'csrfToken' in body && typeof body.csrfToken === 'string'
    ? body.csrfToken
    : null;

/**
 * Keeps a native sign-in's token, or a web sign-in's new CSRF token, before anything else is called
 * with it: the token held from before signing in is refused from now on (R-SESSION-14).
 */
async function signedIn(body: unknown): Promise<User | null> {
  const user = userFrom(body);
  if (!user) return null;
  const token = tokenFrom(body);
  if (token) await rememberBearerToken(token);
  if (isNativeClient()) return user;
  const csrfToken = csrfTokenFrom(body);
  if (csrfToken) setCsrfToken(csrfToken);
  // An answer without it (a server from before R-SESSION-14): ask for the current cookie's token.
  else await fetchCsrfToken();
  return user;
}

const endsSession = (error: unknown) => isApiError(error) && (error.status === 401 || error.status === 403);

// Concurrent callers (guard + awaiting-approval poll) share one request.
let pendingLoad: Promise<User | null> | null = null;

export const useAuthStore = create<AuthState>()((set, get) => {
  const setUser = (user: User | null) => {
    if (user) storage.set(STORED_USER_KEY, user);
    else storage.remove(STORED_USER_KEY);
    set(user ? { user } : { user, viewer: null });
  };

  const loadCurrentUser = (): Promise<User | null> => {
    if (pendingLoad) return pendingLoad;
    if (get().status === 'idle') set({ status: 'loading' });
    const load = (async () => {
      try {
        // The first check takes the answer the server wrote into the page.
        const body = takeEmbeddedSession() ?? (await callApi('getSessionUser'));
        const user = userFrom(body);
        setUser(user);
        set({ viewer: user ? viewerFrom(body) : null });
        return user;
      } catch (error) {
        if (endsSession(error)) {
          setUser(null);
          // A revoked or expired app token is of no further use.
          if (isApiError(error) && error.status === 401) await rememberBearerToken(null);
          return null;
        }
        // Offline or server down: keep what we have (a re-initialised user stays usable).
        logger.error('Failed to load the current user', error);
        return get().user;
      } finally {
        set({ status: 'ready' });
      }
    })();
    // Cleared once settled, after it was set: an answer taken from the page settles at once.
    pendingLoad = load;
    void load.finally(() => {
      if (pendingLoad === load) pendingLoad = null;
    });
    return load;
  };

  return {
    user: null,
    viewer: null,
    status: 'idle',
    loadCurrentUser,
    setUser,

    reinitialise: async () => {
      const stored = readStoredUser();
      if (stored && !get().user) set({ user: stored });
      return loadCurrentUser();
    },

    login: async (email, password) => {
      try {
        const body = await callApi('login', { body: { email, password }, timeoutMs: LOGIN_TIMEOUT_MS });
        const user = await signedIn(body);
        if (!user) throw new ApiError(0, TEXTS.loginInvalidResponse);
        setUser(user);
        set({ status: 'ready' });
        return user;
      } catch (error) {
        setUser(null);
        throw error;
      }
    },

    signup: async (input) => {
      const user = await signedIn(await callApi('signup', { body: input }));
      if (!user) throw new ApiError(0, 'Sign up failed: Invalid response from server');
      setUser(user);
      set({ status: 'ready' });
      return user;
    },

    logout: async () => {
      try {
        await callApi('logout');
      } catch (error) {
        // The local session ends regardless; the server session expires on its own.
        logger.error('Logout call failed', error);
      }
      // The call above revoked the app's token; forget it before anything else runs.
      await rememberBearerToken(null);
      const failures = await runSessionCleanup();
      for (const failure of failures) logger.error('A logout cleanup failed', failure);
      setUser(null);
      set({ status: 'ready' });
      await fetchCsrfToken();
    },

    stopViewingAs: async () => {
      const viewer = get().viewer;
      if (viewer) await callApi('setUser', { body: { userId: viewer.id } });
    },
  };
});
