import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import {
  socketEventSchemas,
  type ClientToServerEvents,
  type Message,
  type SocketEventName,
  type ServerToClientEvents,
} from '@stoop/shared';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A real socket.io-client, recording every socket event after checking it against its shared schema. */
export class Recorder {
  readonly events: { name: SocketEventName; payload: unknown }[] = [];
  constructor(readonly socket: ClientSocket) {
    socket.onAny((name: SocketEventName, payload: unknown) => {
      const schema = socketEventSchemas[name];
      expect(schema, `unknown event ${name}`).toBeDefined();
      this.events.push({ name, payload: schema.parse(payload) });
    });
  }

  of(name: SocketEventName): unknown[] {
    return this.events.filter((e) => e.name === name).map((e) => e.payload);
  }

  /**
   * R-RT-11: the online set as a client holds it: the last whole set (`presence`) with every
   * `presence:changed` after it applied in order.
   */
  online(): Set<string> {
    const online = new Set<string>();
    for (const { name, payload } of this.events) {
      if (name === 'presence') {
        online.clear();
        for (const id of (payload as { online: string[] }).online) online.add(id);
      } else if (name === 'presence:changed') {
        const change = payload as { online: string[]; offline: string[] };
        for (const id of change.online) online.add(id);
        for (const id of change.offline) online.delete(id);
      }
    }
    return online;
  }

  messages(name: 'message:new' | 'message:updated' | 'message:deleted' | 'message:liked'): Message[] {
    return (this.of(name) as { message: Message }[]).map((p) => p.message);
  }

  close(): void {
    this.socket.disconnect();
  }
}

export function openSocket(url: string, cookie: string | undefined): ClientSocket {
  return connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  });
}

/** Connects and resolves once the server accepted the socket (and it joined its rooms). */
export async function connected(url: string, cookie: string): Promise<Recorder> {
  const socket = openSocket(url, cookie);
  const recorder = new Recorder(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  // A round trip proves the server has taken the socket in (rooms are joined before connect, R-RT-4).
  await new Promise<void>((resolve) =>
    socket.emit('conversation:leave', { conversationId: 'none' }, () => resolve()),
  );
  return recorder;
}

/** Resolves with the reason once the socket is disconnected ('already' when it was). */
export function disconnection(recorder: Recorder): Promise<string> {
  return new Promise<string>((resolve) => {
    if (recorder.socket.disconnected) resolve('already');
    recorder.socket.once('disconnect', (reason) => resolve(reason));
  });
}

/** The connect_error message a refused socket gets. */
export function refusal(url: string, cookie: string | undefined): Promise<string> {
  const socket = openSocket(url, cookie);
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.disconnect();
      resolve('connected');
    });
    socket.once('connect_error', (error) => {
      socket.disconnect();
      resolve(error.message);
    });
  });
}

export async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for a condition');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Lets in-flight events arrive before asserting that something did not happen. */
export const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));
