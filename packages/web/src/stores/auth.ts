/**
 * Session state (R-SESSION-0): the signed-in user, whether the start-up check has run, and
 * the calls that change the session. The user is mirrored into storage under 'user' so a reload
 * can re-initialise the session before the server answers (R-GUARD-2).
 */
import { create } from 'zustand';
import type { User } from '@stoop/shared';
import { LOGIN_TIMEOUT_MS } from '@stoop/shared/constants';
import { TEXTS } from '@stoop/shared/texts';
import { ApiError, api, isApiError } from '../services/http/client.ts';
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
  status: AuthStatus;
  /** GET /api/protected/user. 401/403 end the session; other failures keep the current state. */
  loadCurrentUser: () => Promise<User | null>;
  /** Restores the stored user at once, then confirms it with the server. */
  reinitialise: () => Promise<User | null>;
  login: (email: string, password: string) => Promise<User>;
  signup: (input: SignupInput) => Promise<User>;
  logout: () => Promise<void>;
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

const userFrom = (body: unknown): User | null =>
  typeof body === 'object' && body !== null && 'user' in body && looksLikeUser(body.user) ? body.user : null;

const endsSession = (error: unknown) => isApiError(error) && (error.status === 401 || error.status === 403);

// Concurrent callers (guard + awaiting-approval poll) share one request.
let pendingLoad: Promise<User | null> | null = null;

export const useAuthStore = create<AuthState>()((set, get) => {
  const setUser = (user: User | null) => {
    if (user) storage.set(STORED_USER_KEY, user);
    else storage.remove(STORED_USER_KEY);
    set({ user });
  };

  const loadCurrentUser = (): Promise<User | null> => {
    if (pendingLoad) return pendingLoad;
    if (get().status === 'idle') set({ status: 'loading' });
    const load = (async () => {
      try {
        // R-DELIVERY-13: the first check takes the answer the server wrote into the page.
        const user = userFrom(takeEmbeddedSession() ?? (await api.get('/api/protected/user')));
        setUser(user);
        return user;
      } catch (error) {
        if (endsSession(error)) {
          setUser(null);
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
        const body = await api.post('/api/login', { body: { email, password }, timeoutMs: LOGIN_TIMEOUT_MS });
        const user = userFrom(body);
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
      const user = userFrom(await api.post('/api/signup', { body: input }));
      if (!user) throw new ApiError(0, 'Sign up failed: Invalid response from server');
      setUser(user);
      set({ status: 'ready' });
      return user;
    },

    logout: async () => {
      try {
        await api.post('/api/logout');
      } catch (error) {
        // The local session ends regardless; the server session expires on its own.
        logger.error('Logout call failed', error);
      }
      const failures = await runSessionCleanup();
      for (const failure of failures) logger.error('A logout cleanup failed', failure);
      setUser(null);
      set({ status: 'ready' });
      await fetchCsrfToken();
    },
  };
});
