/**
 * A burst of new connections from another thread, for the listen-backlog test (R-LIMIT-15): the
 * test's own thread runs the server, and while it is blocked only the kernel can take connections.
 */
import { Worker } from 'node:worker_threads';
import type { Headers } from '../conversations/testing.ts';

export type BurstRequest = { path: string; headers: Headers; body: string };
/** An answer, or the error of a connection that got none (ECONNRESET, ETIMEDOUT, …). */
type BurstAnswer = { status: number; retryAfter: string | null; error: string | null };

/**
 * The other thread: on 'go' it opens one new connection per request at once (no agent, as many
 * devices would), counts each one the kernel completes in shared memory, writes its request on it
 * and reports every answer. Plain JavaScript: a worker made from a string is not compiled.
 */
const BURST_WORKER = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { url, requests, shared } = workerData;
const connected = new Int32Array(shared);
parentPort.once('message', () => {
  const answers = new Array(requests.length);
  let left = requests.length;
  const finish = (i, answer) => {
    if (answers[i]) return;
    answers[i] = answer;
    left -= 1;
    if (left === 0) parentPort.postMessage(answers);
  };
  requests.forEach((r, i) => {
    const request = http.request(url + r.path, { method: 'POST', agent: false, headers: r.headers }, (response) => {
      response.resume();
      response.on('end', () =>
        finish(i, { status: response.statusCode, retryAfter: response.headers['retry-after'] ?? null, error: null }),
      );
    });
    request.on('socket', (socket) =>
      socket.once('connect', () => {
        Atomics.add(connected, 0, 1);
        Atomics.notify(connected, 0);
      }),
    );
    request.on('error', (error) => finish(i, { status: 0, retryAfter: null, error: error.code ?? String(error) }));
    request.end(r.body);
  });
});
parentPort.postMessage('ready');
`;

/**
 * Sends `requests` over new connections from another thread while this thread (the server's event
 * loop) is blocked, until every connection is made or `blockAtMostMs` has passed. Returns how many
 * connections the kernel completed meanwhile, and, once the server caught up, every answer.
 */
export async function burstWhileBlocked(
  url: string,
  requests: BurstRequest[],
  blockAtMostMs: number,
): Promise<{ connectedWhileBlocked: number; answers: BurstAnswer[] }> {
  const shared = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const connected = new Int32Array(shared);
  const worker = new Worker(BURST_WORKER, { eval: true, workerData: { url, requests, shared } });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  try {
    await next<'ready'>();
    const answers = next<BurstAnswer[]>();
    worker.postMessage('go');
    // Blocked from here: no timer, socket or request of this thread runs until the wait ends.
    const deadline = performance.now() + blockAtMostMs;
    for (;;) {
      const made = Atomics.load(connected, 0);
      const left = deadline - performance.now();
      if (made >= requests.length || left <= 0) break;
      Atomics.wait(connected, 0, made, left);
    }
    const connectedWhileBlocked = Atomics.load(connected, 0);
    return { connectedWhileBlocked, answers: await answers };
  } finally {
    await worker.terminate();
  }
}
