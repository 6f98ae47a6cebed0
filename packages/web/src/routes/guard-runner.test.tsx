/**
 * The R-GUARD-0, R-ROUTE-0 rules end to end through the real route table: a memory router, the real
 * stores, a fake API behind fetch and a mocked Capacitor platform.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { APPROVAL_POLL_INTERVAL_MS } from '@stoop/shared/constants';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../services/logger/logger.ts';
import { storage } from '../services/storage/storage.ts';
import { useAuthStore } from '../stores/auth.ts';
import { useConversationsStore } from '../stores/conversations.ts';
import { apiError, installFakeServer, json, makeUser } from '../test/fake-server.ts';
import { AppRoutes } from './AppRoutes.tsx';
import { runGuard } from './guard-runner.ts';
import { stubNativeBridge } from '../test/native-bridge.ts';

const platform = vi.hoisted(() => ({ current: 'web' }));
stubNativeBridge(() => platform.current);

/** The app's router view in a memory router, and what a test needs to drive and watch it. */
interface Harness {
  location: Location | null;
  shown: Location | null;
  navigate: (to: string | number) => void;
}

function startAt(path: string): Harness {
  const harness: Harness = { location: null, shown: null, navigate: () => undefined };
  function Probe() {
    const navigate: NavigateFunction = useNavigate();
    harness.location = useLocation();
    harness.navigate = (to) => void (typeof to === 'number' ? navigate(to) : navigate(to));
    return null;
  }
  render(
    <MemoryRouter initialEntries={[path]}>
      <Probe />
      <AppRoutes onShown={(location) => (harness.shown = location)} />
    </MemoryRouter>,
  );
  return harness;
}

/** Waits until the current location is the one shown (its guard ran and its screens loaded). */
async function settled(harness: Harness) {
  // The first navigation of the file loads (and, in the test runner, compiles) the lazy route
  // modules, which takes longer than waitFor's default second on a busy machine.
  await waitFor(
    () => {
      expect(harness.location).not.toBeNull();
      expect(harness.shown?.key).toBe(harness.location!.key);
    },
    { timeout: 10_000 },
  );
  return harness.location!.pathname;
}

const resident = makeUser();
const admin = makeUser({ id: 'a1', role: 'admin' });
const pending = makeUser({ isLocked: true, reasonForLock: 'pending_approval' });
const adminLocked = makeUser({ isLocked: true, reasonForLock: 'admin_lock' });

beforeEach(() => {
  platform.current = 'web';
  localStorage.clear();
  useAuthStore.setState({ user: null, status: 'idle' });
  useConversationsStore.setState({ activeConversationId: null });
  vi.spyOn(logger, 'error').mockImplementation(() => undefined);
  // jsdom has no layout; the scroll rule has its own tests.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // The bridge stays on the shared page's window: a native test must not leave it reporting a phone.
  platform.current = 'web';
});

describe('R-GUARD-0 router guard', () => {
  it('R-GUARD-1: on first navigation the current user is loaded', async () => {
    const server = installFakeServer({ 'GET /api/protected/user': () => json(200, { user: resident }) });
    const router = startAt('/');
    expect(await settled(router)).toBe('/main_dashboard/chat-intro');
    expect(server.calls.filter((c) => c.path === '/api/protected/user')).toHaveLength(1);
    expect(useAuthStore.getState().user?.id).toBe(resident.id);
    expect(storage.get<unknown>('user', null)).toMatchObject({ id: resident.id });

    // Later navigations do not reload it.
    act(() => router.navigate('/main_dashboard/search'));
    await settled(router);
    expect(server.calls.filter((c) => c.path === '/api/protected/user')).toHaveLength(1);
  });

  it('R-GUARD-1: a navigation that starts while the first user load is under way waits for it', async () => {
    let answer: ((response: Response) => void) | undefined;
    installFakeServer({
      'GET /api/protected/user': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    // The first navigation and the dashboard's index redirect race each other on a cold start.
    const first = runGuard('/main_dashboard');
    const second = runGuard('/main_dashboard/chat-intro');
    await waitFor(() => expect(answer).toBeDefined());
    answer!(json(200, { user: resident }));
    expect(await first).toBeNull();
    expect(await second).toBeNull();
  });

  it('R-GUARD-2: with no user in the store but stored user data, the session is re-initialised', async () => {
    const server = installFakeServer({ 'GET /api/protected/user': () => json(200, { user: resident }) });
    useAuthStore.setState({ user: null, status: 'ready' }); // already checked once
    storage.set('user', resident);
    const router = startAt('/account_settings');
    expect(await settled(router)).toBe('/account_settings');
    expect(server.called('GET', '/api/protected/user')).toBe(true);
    expect(useAuthStore.getState().user?.id).toBe(resident.id);
  });

  it('R-GUARD-2: re-initialising keeps the stored user when the server cannot be reached', async () => {
    installFakeServer({ 'GET /api/protected/user': () => Promise.reject(new TypeError('offline')) });
    storage.set('user', resident);
    const router = startAt('/main_dashboard/search');
    expect(await settled(router)).toBe('/main_dashboard/search');
    expect(useAuthStore.getState().user?.id).toBe(resident.id);
  });

  it('R-GUARD-3: a locked user is forced to /awaiting-approval from every other route', async () => {
    for (const [user, path] of [
      [pending, '/main_dashboard/search'],
      // Not /contact, /privacy or /terms: R-GUARD-3 lets a locked resident reach those.
      [adminLocked, '/main_dashboard/chat-intro'],
      [pending, '/'],
      [adminLocked, '/admin_dashboard/user-approval'],
    ] as const) {
      installFakeServer({ 'GET /api/protected/user': () => json(200, { user }) });
      useAuthStore.setState({ user: null, status: 'idle' });
      localStorage.clear();
      const router = startAt(path);
      expect(await settled(router)).toBe('/awaiting-approval');
      cleanup();
    }
  });

  it('R-GUARD-5: an unauthenticated visit to an authenticated route goes to /web-home on the web', async () => {
    installFakeServer({ 'GET /api/protected/user': () => apiError(401, 'Not signed in') });
    const router = startAt('/main_dashboard/announcements');
    expect(await settled(router)).toBe('/web-home');
  });

  it('R-GUARD-5: an unauthenticated visit to an authenticated route goes to /mobile-home on android and ios', async () => {
    for (const native of ['android', 'ios']) {
      platform.current = native;
      installFakeServer({ 'GET /api/protected/user': () => apiError(401, 'Not signed in') });
      useAuthStore.setState({ user: null, status: 'idle' });
      const router = startAt('/account_settings');
      expect(await settled(router)).toBe('/mobile-home');
      cleanup();
    }
  });

  it('R-GUARD-5, R-GUARD-4: the root path goes to the admin dashboard for admins, the main dashboard for others and the public home for anonymous visitors', async () => {
    const cases = [
      [admin, '/admin_dashboard/statistics'],
      [resident, '/main_dashboard/chat-intro'],
      [null, '/web-home'],
    ] as const;
    for (const [user, expected] of cases) {
      installFakeServer({
        'GET /api/protected/user': () => (user ? json(200, { user }) : apiError(401, 'Not signed in')),
      });
      useAuthStore.setState({ user: null, status: 'idle' });
      localStorage.clear();
      const router = startAt('/');
      expect(await settled(router)).toBe(expected);
      cleanup();
    }
  });

  it('R-GUARD-6: admin routes visited by non-admins go to the main dashboard', async () => {
    installFakeServer({ 'GET /api/protected/user': () => json(200, { user: resident }) });
    const router = startAt('/admin_dashboard/flagged_content');
    expect(await settled(router)).toBe('/main_dashboard/chat-intro');
    act(() => router.navigate('/admin_dashboard/billing'));
    expect(await settled(router)).toBe('/admin_dashboard/billing');
    // R-ROUTE-5, R-ADMIN-17: the approval screen and the audit log are admin-only too.
    for (const adminOnly of ['/admin_dashboard/user-approval', '/admin_dashboard/audit-log']) {
      act(() => router.navigate(adminOnly));
      expect(await settled(router)).toBe('/main_dashboard/chat-intro');
    }
    // /admin_dashboard itself opens statistics, for any signed-in user.
    act(() => router.navigate('/admin_dashboard'));
    expect(await settled(router)).toBe('/admin_dashboard/statistics');
  });

  it('R-GUARD-7: opening a channel or direct chat route makes that conversation active', async () => {
    installFakeServer({ 'GET /api/protected/user': () => json(200, { user: resident }) });
    const router = startAt('/main_dashboard/conversations/channel/c1');
    await settled(router);
    expect(useConversationsStore.getState().activeConversationId).toBe('c1');
    act(() => router.navigate('/main_dashboard/conversations/direct/d7'));
    await settled(router);
    expect(useConversationsStore.getState().activeConversationId).toBe('d7');
  });

  it('R-GUARD-8: opening a thread with no active conversation fetches the thread and activates its conversationId', async () => {
    const server = installFakeServer({
      'GET /api/protected/user': () => json(200, { user: resident }),
      'GET /api/messages/m1/thread': () => json(200, { conversationId: 'c9', parent: {}, replies: [] }),
    });
    const router = startAt('/main_dashboard/thread/m1');
    expect(await settled(router)).toBe('/main_dashboard/thread/m1');
    expect(server.called('GET', '/api/messages/m1/thread')).toBe(true);
    expect(useConversationsStore.getState().activeConversationId).toBe('c9');
  });

  it('R-GUARD-8: a failed thread fetch logs an error and navigation continues', async () => {
    installFakeServer({
      'GET /api/protected/user': () => json(200, { user: resident }),
      'GET /api/messages/m2/thread': () => apiError(500, 'Boom'),
    });
    const router = startAt('/main_dashboard/thread/m2');
    expect(await settled(router)).toBe('/main_dashboard/thread/m2');
    expect(logger.error).toHaveBeenCalledWith('Failed to load thread for navigation', expect.anything(), {
      messageId: 'm2',
    });
    expect(useConversationsStore.getState().activeConversationId).toBeNull();
  });

  it('R-GUARD-10: a locked user gets no conversation or user fetch', async () => {
    // The awaiting-approval page asks on its own schedule whether the account is still locked
    // (R-LOCK-7); on a slow machine that timer fires inside this test. Its calls are not the guard's.
    const setIntervalOfWindow = window.setInterval.bind(window);
    vi.spyOn(window, 'setInterval').mockImplementation(((handler: TimerHandler, ms?: number) =>
      ms === APPROVAL_POLL_INTERVAL_MS ? 0 : setIntervalOfWindow(handler, ms)) as typeof window.setInterval);
    const server = installFakeServer({ 'GET /api/protected/user': () => json(200, { user: pending }) });
    const router = startAt('/main_dashboard/thread/m1');
    expect(await settled(router)).toBe('/awaiting-approval');
    act(() => router.navigate('/main_dashboard/conversations/channel/c1'));
    expect(await settled(router)).toBe('/awaiting-approval');
    // The logger's intake may flush an entry of its own on a slow machine; it reads nothing.
    const fetched = server.calls.map((c) => c.path).filter((path) => path !== '/api/logs/frontend');
    expect(fetched).toEqual(['/api/protected/user']);
    expect(useConversationsStore.getState().activeConversationId).toBeNull();
  });

  it('R-GUARD-9: the layout stays mounted across navigations, so going back restores the scroll position', async () => {
    const server = installFakeServer({ 'GET /api/protected/user': () => json(200, { user: resident }) });
    const router = startAt('/account_settings');
    await settled(router);
    Object.defineProperty(window, 'scrollY', { value: 420, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    act(() => router.navigate('/contact'));
    await settled(router);
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    act(() => router.navigate(-1));
    expect(await settled(router)).toBe('/account_settings');
    expect(window.scrollTo).toHaveBeenLastCalledWith({ top: 420, left: 0 });
    // A new hash on the same path shows at once, without the guard's session check again.
    const checks = server.calls.length;
    act(() => router.navigate('/account_settings#notifications'));
    await settled(router);
    expect(server.calls).toHaveLength(checks);
  });

  it('renders the not-found page for an unknown path', async () => {
    installFakeServer({ 'GET /api/protected/user': () => apiError(401, 'Not signed in') });
    const router = startAt('/no/such/page');
    expect(await settled(router)).toBe('/no/such/page');
    expect(screen.getByText("We couldn't find that page")).toBeTruthy();
  });
});
