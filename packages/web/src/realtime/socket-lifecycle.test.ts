import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, json, makeUser } from '../test/fake-server.ts';
import { setNavigator } from '../navigation/navigate.ts';
import { connectSocket, disconnectSocket } from './socket.ts';
import { useAuthStore } from '../stores/auth.ts';

/** A stand-in for socket.io-client's socket: records connect calls, fires events on demand. */
const fake = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void;
  const listeners = new Map<string, Listener[]>();
  return {
    connects: 0,
    on(name: string, listener: Listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener]);
      return this;
    },
    fire(name: string, ...args: unknown[]) {
      for (const listener of listeners.get(name) ?? []) listener(...args);
    },
    connect() {
      this.connects += 1;
      return this;
    },
    disconnect() {
      return this;
    },
    removeAllListeners() {
      listeners.clear();
      return this;
    },
    emit() {
      return this;
    },
    connected: false,
  };
});
vi.mock('socket.io-client', () => ({ io: () => fake }));

const me = makeUser({ id: 'me' });
const navigate = vi.fn<(path: string) => void>();
let unregister: () => void = () => undefined;

beforeEach(() => {
  fake.connects = 0;
  useAuthStore.setState({ user: me, status: 'ready' });
  unregister = setNavigator(navigate);
  installFakeServer({ 'GET /api/protected/user': () => json(200, { user: { ...me, isLocked: true } }) });
});
afterEach(() => {
  disconnectSocket();
  unregister();
  navigate.mockReset();
  vi.unstubAllGlobals();
});

describe('socket lifecycle (R-LOCK-5, account side)', () => {
  it('reconnects after the server ends the socket (a role change), not after a client-side close', () => {
    connectSocket();
    expect(fake.connects).toBe(1);
    fake.fire('disconnect', 'io server disconnect');
    expect(fake.connects).toBe(2);
    fake.fire('disconnect', 'io client disconnect');
    expect(fake.connects).toBe(2);
  });

  it('R-LOCK-5, R-GUARD-3: a reconnect refused with ACCOUNT_LOCKED confines the user like user:locked', async () => {
    connectSocket();
    fake.fire('connect_error', new Error('ACCOUNT_LOCKED'));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/awaiting-approval'));
    expect(useAuthStore.getState().user).toMatchObject({ id: 'me', isLocked: true });
  });

  it('other connection failures only wait for the retry', async () => {
    connectSocket();
    fake.fire('connect_error', new Error('xhr poll error'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(navigate).not.toHaveBeenCalled();
    expect(useAuthStore.getState().user).toEqual(me);
  });
});
