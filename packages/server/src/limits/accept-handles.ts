import { spawn } from 'node:child_process';
import net from 'node:net';
import type { Server } from 'node:http';

/**
 * R-LIMIT-16: more than one connection taken from the listen queue per turn of the event loop.
 *
 * Node 20's libuv takes one new connection from a listening socket per turn of the loop (one
 * accept4 between two epoll waits; bench/RESULTS.md, "One connection per turn"). While a flood of
 * sends keeps every turn busy, connections then wait in the kernel's queue for seconds before the
 * server can even refuse them. Each further descriptor of the same listening socket is watched on
 * its own and takes its own connection per turn, so `count` descriptors take up to `count`.
 *
 * Node 20 has no way to duplicate a descriptor, and no `reusePort` (22.12 and later); it does pass
 * handles between processes, duplicating the descriptor as the kernel hands it over, which is how
 * its cluster module shares one listening socket between workers. A short-lived child process
 * therefore sends every handle it is given straight back. It never listens on them, so it never
 * takes a connection itself, and it is stopped once the handles are back.
 */
const ECHO_HANDLES = "process.on('message', (message, handle) => process.send(message, handle));";

/** How long start-up waits for the handles before it goes on with the one it has. */
const ECHO_TIMEOUT_MS = 5_000;

/**
 * Closes the extra descriptors at once: no further connection is taken through them. Connections
 * already taken are the server's, and end with it.
 */
export type CloseAcceptHandles = () => void;

type TcpHandle = object;

/**
 * The native handle under a listening server. `net.Server#_handle` is not in Node's types; a raw
 * handle (rather than the server) crosses to the child as an unopened descriptor that the child
 * never watches, where a server would start listening, and taking connections, in the child.
 */
function nativeHandleOf(server: Server): TcpHandle | undefined {
  return (server as unknown as { _handle?: TcpHandle | null })._handle ?? undefined;
}

/** Closes handles that will not be watched: an open duplicate keeps the socket listening. */
function closeHandles(handles: TcpHandle[]): void {
  for (const handle of handles) (handle as { close(): void }).close();
}

/** Duplicates of the server's listening descriptor, by way of a child process; [] if that fails. */
async function duplicateHandles(server: Server, count: number): Promise<TcpHandle[]> {
  const handle = nativeHandleOf(server);
  if (!handle || count <= 0) return [];
  const child = spawn(process.execPath, ['-e', ECHO_HANDLES], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const handles: TcpHandle[] = [];
  let settled = false;
  let timer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error('no answer from the child')), ECHO_TIMEOUT_MS);
      // Every error, not only the first: one left without a listener would end the process.
      child.on('error', reject);
      child.once('exit', () => reject(new Error('the child exited')));
      child.on('message', (_message, received) => {
        if (!received) return;
        if (settled) closeHandles([received]);
        else handles.push(received);
        if (handles.length === count) resolve();
      });
      // A send fails once the server has closed its descriptor (a shutdown during start-up).
      const sent = (error: Error | null) => {
        if (error) reject(error);
      };
      for (let i = 0; i < count; i += 1) {
        // child_process sends a raw TCP handle as 'net.Native'; its types only name sockets and servers.
        child.send('listen', handle as net.Server, sent);
      }
    });
  } catch (error) {
    closeHandles(handles);
    throw error;
  } finally {
    settled = true;
    clearTimeout(timer);
    child.kill();
  }
  return handles;
}

/** What net.Server and net.Socket keep of each other; not in Node's types. */
type Counted = { _connections: number };
type OfServer = { _server: net.Server | null; server: net.Server | null };

/**
 * Makes a connection taken through a duplicate the server's own for closing. A net.Server counts
 * the connections it accepted (`_connections`), a socket tells the server that accepted it when it
 * closes, and `server.close()` calls back only once that count is 0, which is when Fastify closes
 * the database. Counted on the duplicate instead, a request still running on such a connection met
 * a closed pool at shutdown ("Cannot use a pool after calling end on the pool", a 500 in a rolling
 * restart, R-OPS-19). Node's cluster module hands sockets between servers the same way.
 */
function countAsTheServers(socket: net.Socket, extra: net.Server, server: Server): void {
  (extra as unknown as Counted)._connections -= 1;
  (server as unknown as Counted)._connections += 1;
  const owned = socket as unknown as OfServer;
  owned._server = server;
  owned.server = server;
}

/**
 * Watches `count` more descriptors of the server's listening socket, each handing its connections
 * to the server as its own would. Best effort: where a descriptor cannot be had (no IPC on the
 * platform, a child that cannot start), the server goes on with its one and a warning is logged.
 */
export async function acceptInParallel(
  server: Server,
  count: number,
  backlog: number,
  warn: (message: string) => void,
): Promise<CloseAcceptHandles> {
  let handles: TcpHandle[] = [];
  let failure: Error | undefined;
  try {
    handles = await duplicateHandles(server, count);
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
  }
  // Closed while the handles came back (a shutdown during start-up): none of them may take more.
  if (!server.listening) {
    closeHandles(handles);
    return () => {};
  }
  if (failure) warn(`Listening on one descriptor only: ${failure.message}`);
  const extras = handles.map((handle) => {
    const extra = net.createServer((socket) => {
      countAsTheServers(socket, extra, server);
      server.emit('connection', socket);
    });
    // net.Server#listen takes a native handle (documented as "handle <Object>").
    extra.listen(handle as net.Server, backlog);
    return extra;
  });
  return () => {
    for (const extra of extras) extra.close();
  };
}
