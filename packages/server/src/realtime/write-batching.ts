import type { Socket as TcpSocket } from 'node:net';
import type { Server } from 'socket.io';

/**
 * Fan-out writes one WebSocket frame per message per member, and every write is a system call
 * whose loopback or network cost dwarfs the frame itself: at 200 messages/s into a 200-member
 * channel that is 40,000 writes a second, and a profile showed the server's one event loop
 * saturated by them (writev alone was a quarter of its CPU, with stretches of hundreds of
 * milliseconds spent on nothing else). A socket written to in the last SOCKET_BATCH_WINDOW_MS
 * therefore waits until the window has passed, and whatever queued meanwhile leaves in one write.
 * A socket that has been quiet writes at once, so a lone message is never delayed; under load a
 * message waits at most one window. The goal for delivery is p99 ≤ 100 ms.
 */
const SOCKET_BATCH_WINDOW_MS = 15;

type EngineSocket = {
  flush(): void;
  writeBuffer?: unknown[];
  transport?: { name?: string; socket?: { _socket?: unknown } };
  readyState?: string;
  on(event: 'close', listener: () => void): void;
};

/**
 * The TCP socket under an engine.io connection while it speaks WebSocket (engine.io transport →
 * ws WebSocket → net.Socket); undefined on HTTP long-polling, whose writes are HTTP responses.
 * These are internals of engine.io and ws, read defensively: should they change, packets are
 * still batched by time, only written frame by frame.
 */
function tcpSocketOf(engineSocket: EngineSocket): TcpSocket | undefined {
  const transport = engineSocket.transport;
  if (transport?.name !== 'websocket') return undefined;
  const tcp = transport.socket?._socket;
  return tcp && typeof (tcp as TcpSocket).cork === 'function' ? (tcp as TcpSocket) : undefined;
}

/**
 * Wraps one engine.io socket's flush (which sends its queued packets) so that it writes at most
 * once per window, and so that one flush of several packets is one write: the TCP socket is
 * corked around it, and Node sends the corked frames with a single writev.
 */
export function batchWrites(engineSocket: EngineSocket, windowMs = SOCKET_BATCH_WINDOW_MS): void {
  const flushNow = engineSocket.flush.bind(engineSocket);
  let lastFlushAt = -Infinity;
  let timer: NodeJS.Timeout | undefined;

  const flushCorked = () => {
    timer = undefined;
    lastFlushAt = performance.now();
    const tcp = tcpSocketOf(engineSocket);
    tcp?.cork();
    try {
      flushNow();
    } finally {
      tcp?.uncork();
    }
  };

  engineSocket.flush = () => {
    if (engineSocket.readyState !== 'open') {
      // Closing: engine.io waits for this flush to close, so what is queued (a last user:locked,
      // say) leaves now rather than at the end of the window.
      if (timer) clearTimeout(timer);
      flushCorked();
      return;
    }
    if (timer) return; // a flush is already due; it takes whatever is queued by then
    if (engineSocket.writeBuffer?.length === 0) return; // nothing queued (e.g. a drain notice)
    const wait = lastFlushAt + windowMs - performance.now();
    if (wait <= 0) flushCorked();
    else timer = setTimeout(flushCorked, wait);
  };
  engineSocket.on('close', () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  });
}

/** Batches the writes of every connection the server accepts. */
export function batchSocketWrites(io: Server, windowMs = SOCKET_BATCH_WINDOW_MS): void {
  io.engine.on('connection', (engineSocket: EngineSocket) => batchWrites(engineSocket, windowMs));
}
