import { Agent, get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { beginDrain } from './http/drain.ts';

let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => t.close());

/** GET `path` on a kept-alive agent; resolves the status, the Connection header and the socket. */
function fetchOn(agent: Agent, path: string) {
  return new Promise<{ status: number; connection: string | undefined; socket: import('node:net').Socket }>(
    (resolve, reject) => {
      const request = get({ host: '127.0.0.1', port, path, agent }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            socket: request.socket!,
          }),
        );
      });
      request.on('error', reject);
    },
  );
}

describe('R-OPS-19: a draining instance leaves no kept-alive connection behind', () => {
  it('answers every call with Connection: close once draining, so each connection ends with its answer', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const before = await fetchOn(agent, '/healthz');
      expect(before.status).toBe(200);
      expect(before.connection).toBe('keep-alive');

      await beginDrain(t.app, 0);
      // The kept-alive connection still serves the next call, and is closed after it.
      const during = await fetchOn(agent, '/api/csrf-token');
      expect(during.status).toBe(200);
      expect(during.connection).toBe('close');
      if (!during.socket.destroyed) await new Promise((resolve) => during.socket.once('close', resolve));
      const next = await fetchOn(agent, '/readyz');
      expect(next.status).toBe(503);
      expect(next.connection).toBe('close');
      expect(next.socket).not.toBe(during.socket);
    } finally {
      agent.destroy();
    }
  });
});
