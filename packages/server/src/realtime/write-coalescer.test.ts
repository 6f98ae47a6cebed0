import { createServer, connect, type Server, type Socket } from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { WriteCoalescer } from './write-coalescer.ts';

let server: Server | undefined;
const sockets: Socket[] = [];

/** A connected TCP pair on loopback: what the server writes, and everything the peer received. */
async function tcpPair(): Promise<{ writer: Socket; received: () => string; chunks: () => number }> {
  server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const peer = connect(address.port, '127.0.0.1');
  const [writer] = (await once(server, 'connection')) as [Socket];
  sockets.push(peer, writer);
  let data = '';
  let chunks = 0;
  peer.on('data', (chunk: Buffer) => {
    data += chunk.toString();
    chunks += 1;
  });
  return { writer, received: () => data, chunks: () => chunks };
}

const settle = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

describe('WriteCoalescer (socket fan-out)', () => {
  it('holds frames written during the window and sends them together, in order, when it ends', async () => {
    const { writer, received, chunks } = await tcpPair();
    const coalescer = new WriteCoalescer(40);
    coalescer.hold(writer);
    writer.write('one|');
    coalescer.hold(writer); // already held: no second cork
    writer.write('two|');
    writer.write('three|');
    await settle(10);
    expect(received()).toBe('');
    expect(coalescer.heldCount).toBe(1);
    await settle(80);
    expect(received()).toBe('one|two|three|');
    expect(chunks()).toBe(1);
    expect(coalescer.heldCount).toBe(0);
  });

  it('flush sends at once; a socket ended while held still delivers what it had', async () => {
    const a = await tcpPair();
    const coalescer = new WriteCoalescer(10_000);
    coalescer.hold(a.writer);
    a.writer.write('now');
    coalescer.flush();
    await settle();
    expect(a.received()).toBe('now');
    coalescer.hold(a.writer);
    a.writer.end('bye');
    await settle();
    expect(a.received()).toBe('nowbye');
    coalescer.flush(); // uncorking an ended socket is harmless
  });

  it('ignores a destroyed socket', async () => {
    const { writer } = await tcpPair();
    writer.destroy();
    const coalescer = new WriteCoalescer(10);
    coalescer.hold(writer);
    expect(coalescer.heldCount).toBe(0);
  });
});
