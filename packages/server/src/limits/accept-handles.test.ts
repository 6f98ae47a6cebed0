import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { acceptInParallel, type CloseAcceptHandles } from './accept-handles.ts';

const BACKLOG = 1024;
const CONNECTIONS = 200;

/** Turns of the event loop, counted by a chain of immediates (one runs per turn). */
function countTurns() {
  let turn = 0;
  let running = true;
  const next = () => {
    turn += 1;
    if (running) setImmediate(next);
  };
  setImmediate(next);
  return { now: () => turn, stop: () => (running = false) };
}

type Served = { server: http.Server; url: { port: number }; acceptedInTurn: Map<number, number> };

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
});

async function serve(turns: ReturnType<typeof countTurns>): Promise<Served> {
  const acceptedInTurn = new Map<number, number>();
  const server = http.createServer((_request, response) => response.end('ok'));
  server.on('connection', () => acceptedInTurn.set(turns.now(), (acceptedInTurn.get(turns.now()) ?? 0) + 1));
  await new Promise<void>((resolve) =>
    server.listen({ port: 0, host: '127.0.0.1', backlog: BACKLOG }, resolve),
  );
  cleanups.push(() => server.close());
  const address = server.address() as net.AddressInfo;
  return { server, url: { port: address.port }, acceptedInTurn };
}

/** Opens `count` connections while the loop is blocked, so that they all wait in the listen queue. */
async function burst(port: number, count: number): Promise<number[]> {
  const statuses = Array.from({ length: count }, () =>
    fetch(`http://127.0.0.1:${port}/`, { headers: { connection: 'close' } }).then(
      (response) => response.status,
      () => 0,
    ),
  );
  // Connects are issued as fetch starts them; the kernel completes the handshakes meanwhile.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const until = Date.now() + 300;
  while (Date.now() < until) {
    // Block the loop: nothing is accepted until it lets go.
  }
  return Promise.all(statuses);
}

describe('R-LIMIT-16: several descriptors of the listening socket take connections in one turn', () => {
  it('with 8 descriptors, up to 8 queued connections are taken per turn of the loop, and each is answered', async () => {
    const turns = countTurns();
    cleanups.push(turns.stop);
    const { server, url, acceptedInTurn } = await serve(turns);
    const close: CloseAcceptHandles = await acceptInParallel(server, 7, BACKLOG, (message) => {
      throw new Error(message);
    });
    cleanups.push(close);

    const statuses = await burst(url.port, CONNECTIONS);

    expect(statuses.every((status) => status === 200)).toBe(true);
    const perTurn = [...acceptedInTurn.values()];
    expect(perTurn.reduce((sum, n) => sum + n, 0)).toBe(CONNECTIONS);
    expect(Math.max(...perTurn)).toBeGreaterThan(1);
    expect(Math.max(...perTurn)).toBeLessThanOrEqual(8);
  });

  it('with one descriptor (Node’s own way) a turn takes one connection: what the extra descriptors are for', async () => {
    const turns = countTurns();
    cleanups.push(turns.stop);
    const { url, acceptedInTurn } = await serve(turns);

    const statuses = await burst(url.port, CONNECTIONS);

    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(Math.max(...acceptedInTurn.values())).toBe(1);
  });

  it('once closed with the server, no descriptor takes a connection any more', async () => {
    const turns = countTurns();
    cleanups.push(turns.stop);
    const { server, url } = await serve(turns);
    const close = await acceptInParallel(server, 3, BACKLOG, () => {});
    expect((await fetch(`http://127.0.0.1:${url.port}/`)).status).toBe(200);

    close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));

    await expect(fetch(`http://127.0.0.1:${url.port}/`)).rejects.toThrow();
  });

  it('R-OPS-19: closing the server waits for requests on connections taken through a duplicate, as for its own', async () => {
    const held: http.ServerResponse[] = [];
    const server = http.createServer((_request, response) => held.push(response));
    await new Promise<void>((resolve) =>
      server.listen({ port: 0, host: '127.0.0.1', backlog: BACKLOG }, resolve),
    );
    cleanups.push(() => server.close());
    const close = await acceptInParallel(server, 7, BACKLOG, (message) => {
      throw new Error(message);
    });
    cleanups.push(close);
    const { port } = server.address() as net.AddressInfo;

    // Queued behind a blocked loop, so that most are taken through the duplicates.
    const count = 24;
    const answers = Array.from({ length: count }, () =>
      fetch(`http://127.0.0.1:${port}/`, { headers: { connection: 'close' } }).then((r) => r.status),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const until = Date.now() + 300;
    while (Date.now() < until) {
      // nothing is accepted until the loop lets go
    }
    await expect.poll(() => held.length).toBe(count);
    const open = await new Promise<number>((resolve, reject) =>
      server.getConnections((error, n) => (error ? reject(error) : resolve(n))),
    );
    expect(open).toBe(count);

    // A shutdown: no further connection through the duplicates, then the server closes.
    close();
    let closed = false;
    server.close(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBe(false); // every request is still running
    for (const response of held) response.end('done');
    expect(await Promise.all(answers)).toEqual(Array.from({ length: count }, () => 200));
    await expect.poll(() => closed).toBe(true);
  });

  it('R-OPS-16: a server closed while its duplicates come back (a shutdown during start-up) takes nothing more through them, and nothing fails', async () => {
    const server = http.createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) =>
      server.listen({ port: 0, host: '127.0.0.1', backlog: BACKLOG }, resolve),
    );
    const { port } = server.address() as net.AddressInfo;
    const warnings: string[] = [];
    const duplicating = acceptInParallel(server, 255, BACKLOG, (message) => warnings.push(message));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => server.close(resolve));

    const close = await duplicating;
    close();
    expect(warnings).toEqual([]);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });

  it('a server that is not listening keeps going without extra descriptors, and nothing is left running', async () => {
    const server = http.createServer();
    const warnings: string[] = [];
    const close = await acceptInParallel(server, 3, BACKLOG, (message) => warnings.push(message));
    close();
    expect(warnings).toEqual([]);
  });
});
