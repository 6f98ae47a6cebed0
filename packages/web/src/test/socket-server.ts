/**
 * A real Socket.IO server on a free loopback port for the web client's socket tests: the client
 * under test (realtime/socket.ts with the real socket.io-client) connects to it, so connecting,
 * refusals, server-side disconnects and event payloads cross a real connection. The client is
 * pointed at it the way the native builds are, through STOOP_SERVER_URL.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { expect, vi } from 'vitest';

export interface TestSocketServer {
  url: string;
  /** Connections accepted so far. */
  readonly connections: number;
  /** Refuse the next handshakes with this error message and data (null accepts again). */
  refuseWith(message: string | null, data?: unknown): void;
  /** Sends an event to every connected client. */
  emit(name: string, ...args: unknown[]): void;
  /** Ends every client's socket from the server side ('io server disconnect'). */
  disconnectAll(): void;
  /** Resolves once `count` connections have been accepted in all. */
  waitForConnections(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSocketServer(): Promise<TestSocketServer> {
  const http = createServer();
  const io = new Server(http, { cors: { origin: true, credentials: true } });
  let refusal: { message: string; data: unknown } | null = null;
  let connections = 0;
  io.use((_socket, next) =>
    next(refusal === null ? undefined : Object.assign(new Error(refusal.message), { data: refusal.data })),
  );
  io.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  vi.stubEnv('STOOP_SERVER_URL', url);
  return {
    url,
    get connections() {
      return connections;
    },
    refuseWith(message, data) {
      refusal = message === null ? null : { message, data };
    },
    emit(name, ...args) {
      io.emit(name, ...args);
    },
    disconnectAll() {
      io.disconnectSockets(true);
    },
    waitForConnections: (count) => vi.waitFor(() => expect(connections).toBeGreaterThanOrEqual(count)),
    async close() {
      vi.unstubAllEnvs();
      const closing = io.close();
      // A keep-alive HTTP connection (a catch-up or outbox call of the client) would hold close().
      http.closeAllConnections();
      await closing;
    },
  };
}
