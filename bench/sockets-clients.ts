/**
 * Child process of bench/sockets.ts: opens real socket.io clients (websocket transport) with the
 * session cookies of residents from..to (bench/sockets.ts writes their sessions), `concurrency`
 * handshakes at a time, reports how many connected, then keeps them open and idle until killed.
 * {type:'count'} asks how many are still connected.
 */
import { io as connect, type Socket } from 'socket.io-client';

type Start = { url: string; from: number; to: number; cookieName: string; concurrency: number };
export type ClientsResult = { connected: number; refused: number; reasons: string[] };

const sockets: Socket[] = [];
const token = (i: number) => `bench-socket-session-${i}`;

function open(url: string, cookie: string): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 120_000,
      extraHeaders: { cookie },
    });
    sockets.push(socket);
    socket.once('connect', () => resolve(null));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

async function start({ url, from, to, cookieName, concurrency }: Start): Promise<ClientsResult> {
  let next = from;
  let connected = 0;
  let refused = 0;
  const reasons = new Set<string>();
  const worker = async () => {
    while (next <= to) {
      const i = next;
      next += 1;
      const failure = await open(url, `${cookieName}=${token(i)}`);
      if (failure === null) connected += 1;
      else {
        refused += 1;
        reasons.add(failure);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { connected, refused, reasons: [...reasons] };
}

process.on('message', (message: Start | { type: 'count' }) => {
  if ('type' in message) {
    process.send?.({ open: sockets.filter((s) => s.connected).length });
    return;
  }
  void start(message).then((result) => process.send?.(result));
});
process.on('disconnect', () => process.exit(0));
