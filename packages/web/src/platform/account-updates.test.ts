import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@stoop/shared';
import { installFakeServer, json, makeUser } from '../test/fake-server.ts';
import { logger } from '../services/logger/logger.ts';
import { setNavigator } from '../navigation/navigate.ts';
import { registerSessionCleanup } from '../services/session/session-cleanup.ts';
import { applyLiveUpdate } from '../realtime/live-updates.ts';
// The socket module registers the logout cleanup (sockets, messages, users) that a lock runs.
import '../realtime/socket.ts';
import { useAuthStore } from '../stores/auth.ts';
import { useConversationsStore } from '../stores/conversations.ts';
import { useUsersStore } from '../stores/users.ts';

const me = makeUser({ id: 'me', email: 'me@example.com', username: 'Me' });
const publicOf = ({ email: _e, isLocked: _l, reasonForLock: _r, ...rest }: typeof me): PublicUser => rest;
const navigate = vi.fn<(path: string) => void>();
let unregister: () => void = () => undefined;

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: me, status: 'ready' });
  useUsersStore.getState().reset();
  useConversationsStore.getState().reset();
  unregister = setNavigator(navigate);
  vi.spyOn(logger, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  unregister();
  navigate.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Resolves once pending promise callbacks (the async lock flow) have run. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('R-LOCK-5: user:locked', () => {
  it('R-LOCK-5, R-GUARD-3: the locked user loses the chat state locally, is marked locked and sent to /awaiting-approval', async () => {
    const calls: string[] = [];
    installFakeServer({
      'GET /api/protected/user': () => {
        calls.push('protected/user');
        return json(200, { user: { ...me, isLocked: true, reasonForLock: 'admin_lock' } });
      },
      'POST /api/logout': () => {
        calls.push('logout');
        return json(200, {});
      },
    });
    const cleanup = vi.fn();
    const off = registerSessionCleanup(cleanup);
    useUsersStore.getState().upsertUser(publicOf(makeUser({ id: 'n1' })));

    applyLiveUpdate({ name: 'user:locked', payload: { userId: 'me' } });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/awaiting-approval'));
    await flush();
    off();

    // The local part of logout ran (socket, messages, directory) without POST /api/logout.
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(useUsersStore.getState().byId).toEqual({});
    expect(calls).not.toContain('logout');
    // Still signed in, but locked; the session check brought the real reason.
    expect(useAuthStore.getState().user).toMatchObject({
      id: 'me',
      isLocked: true,
      reasonForLock: 'admin_lock',
    });
  });

  it("another user's lock only drops them from presence", async () => {
    useConversationsStore.getState().setPresence(['me', 'n1']);
    const cleanup = vi.fn();
    const off = registerSessionCleanup(cleanup);
    applyLiveUpdate({ name: 'user:locked', payload: { userId: 'n1' } });
    await flush();
    off();
    expect([...useConversationsStore.getState().online]).toEqual(['me']);
    expect(cleanup).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(useAuthStore.getState().user).toEqual(me);
  });
});

describe('R-RT-5: profile:updated', () => {
  it("R-RT-5: another resident's new profile replaces their directory entry; the own account is untouched", () => {
    const neighbour = publicOf(makeUser({ id: 'n1', username: 'Old Name' }));
    useUsersStore.getState().upsertUser(neighbour);
    applyLiveUpdate({ name: 'profile:updated', payload: { user: { ...neighbour, username: 'New Name' } } });
    expect(useUsersStore.getState().byId.n1?.username).toBe('New Name');
    expect(useAuthStore.getState().user).toEqual(me);
  });

  it('R-RT-5: the own profile updates the auth store too, keeping email and lock state', () => {
    const updated = { ...publicOf(me), description: 'Plants on 3rd floor', role: 'admin' as const };
    applyLiveUpdate({ name: 'profile:updated', payload: { user: updated } });
    expect(useUsersStore.getState().byId.me?.description).toBe('Plants on 3rd floor');
    expect(useAuthStore.getState().user).toEqual({
      ...me,
      description: 'Plants on 3rd floor',
      role: 'admin',
    });
  });
});
