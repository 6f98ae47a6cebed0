import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, json, makeConversation, makeUser } from '../test/fake-server.ts';
import { startSocketServer, type TestSocketServer } from '../test/socket-server.ts';
import { setNavigator } from '../navigation/navigate.ts';
import { connectSocket, disconnectSocket, getSocket } from './socket.ts';
import { useAuthStore } from '../stores/auth.ts';
import { useConversationsStore } from '../stores/conversations.ts';
import { useMessagesStore } from '../stores/messages.ts';
import { toast } from '../services/ui/toast.ts';

const me = makeUser({ id: 'me' });
const navigate = vi.fn<(path: string) => void>();
let unregister: () => void = () => undefined;
let server: TestSocketServer;

/** Long enough for a reconnect that should not happen to have happened. */
const quietSpell = () => new Promise((resolve) => setTimeout(resolve, 300));

beforeAll(async () => {
  server = await startSocketServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.refuseWith(null);
  useAuthStore.setState({ user: me, status: 'ready' });
  unregister = setNavigator(navigate);
  installFakeServer({
    'GET /api/protected/user': () => json(200, { user: { ...me, isLocked: true } }),
    'GET /api/sync': () => json(200, { changes: [], next: 0, hasMore: false }),
    'GET /api/conversations': () => json(200, { conversations: [] }),
  });
});
afterEach(() => {
  disconnectSocket();
  unregister();
  navigate.mockReset();
  vi.unstubAllGlobals();
});

describe('socket lifecycle (R-LOCK-5, account side)', () => {
  it('R-RT-4: the first connection reads the conversation list again, as it may predate the rooms', async () => {
    const fake = installFakeServer({
      'GET /api/conversations': () =>
        json(200, { conversations: [makeConversation({ id: 'created-meanwhile' })] }),
    });
    useConversationsStore.getState().reset();
    useMessagesStore.setState({ seq: 0 });
    await connectSocket();
    await vi.waitFor(() =>
      expect(useConversationsStore.getState().conversations.map((c) => c.id)).toEqual(['created-meanwhile']),
    );
    expect(fake.called('GET', '/api/sync')).toBe(false);
  });

  it('reconnects after the server ends the socket (a role change), not after a client-side close', async () => {
    const before = server.connections;
    await connectSocket();
    await server.waitForConnections(before + 1);
    server.disconnectAll();
    await server.waitForConnections(before + 2);
    await vi.waitFor(() => expect(getSocket()?.connected).toBe(true));
    getSocket()?.disconnect();
    await quietSpell();
    expect(server.connections).toBe(before + 2);
  });

  it('R-LOCK-5, R-GUARD-3: a reconnect refused with ACCOUNT_LOCKED confines the user like user:locked', async () => {
    server.refuseWith('ACCOUNT_LOCKED');
    await connectSocket();
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/awaiting-approval'));
    expect(useAuthStore.getState().user).toMatchObject({ id: 'me', isLocked: true });
  });

  it('R-LIMIT-7: a socket refused as one too many says why in a toast', async () => {
    const errorToast = vi.spyOn(toast, 'error').mockReturnValue('t');
    server.refuseWith('TOO_MANY_CONNECTIONS', {
      message: 'At most 5 live connections per signed-in device. Close another tab.',
    });
    await connectSocket();
    await vi.waitFor(() => expect(errorToast).toHaveBeenCalled());
    expect(errorToast).toHaveBeenCalledWith(
      'At most 5 live connections per signed-in device. Close another tab.',
    );
    errorToast.mockRestore();
  });

  it('other connection failures only wait for the retry', async () => {
    server.refuseWith('xhr poll error');
    const failed = new Promise(
      (resolve) => void connectSocket().then((s) => s?.once('connect_error', resolve)),
    );
    await failed;
    await quietSpell();
    expect(navigate).not.toHaveBeenCalled();
    expect(useAuthStore.getState().user).toEqual(me);
  });
});
