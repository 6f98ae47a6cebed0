import { Agent, get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { beginDrain } from './drain.ts';

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
  it('closes idle kept-alive connections at once and answers every later call with Connection: close', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const before = await fetchOn(agent, '/healthz');
      expect(before.status).toBe(200);
      expect(before.connection).toBe('keep-alive');
      const idle = before.socket;
      const idleClosed = new Promise<void>((resolve) => idle.once('close', () => resolve()));

      await beginDrain(t.app, 0);
      await idleClosed; // the server closed the connection nginx would have reused

      const during = await fetchOn(agent, '/api/csrf-token');
      expect(during.status).toBe(200);
      expect(during.connection).toBe('close');
      expect(during.socket).not.toBe(idle);
      expect((await fetchOn(agent, '/readyz')).status).toBe(503);
    } finally {
      agent.destroy();
    }
  });
});
