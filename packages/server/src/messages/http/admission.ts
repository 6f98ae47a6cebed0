import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, SERVER_BUSY_RETRY_AFTER_SECONDS, TEXTS } from '@stoop/shared';
import { errorBody } from '../../http/errors.ts';
import { loopLag } from './loop-lag.ts';

/**
 * Admission control for sends (R-LIMIT-13). Above capacity an open-loop stream of sends would
 * otherwise queue without bound in this process (waiting for a turn of the event loop, then in the
 * group-commit batcher, docs/decisions/0004-group-commit-for-sends.md), every answer would come
 * later than the one before, and clients would give up and reconnect. Instead a send is taken only
 * while the process keeps up: fewer than `limit` sends in hand and an event loop no more than
 * `maxLagMs` behind (loop-lag.ts). Otherwise it is answered at once with 503 SERVER_BUSY and
 * Retry-After, which the web outbox waits out and retries with the same clientMessageId. A refused
 * send was never stored; an admitted one keeps every guarantee of R-DELIVERY.
 *
 * The count bounds what waits on the database; the lag bounds what waits for the process itself:
 * answered sends leave the count at once, but their fan-out to every member's socket still takes
 * the loop, and on the embedded database so does every query. Counting alone let the embedded
 * server take every send of a flood and answer them seconds late (docs/decisions/0039-shed-sends-by-loop-lag.md).
 *
 * Runs as the send route's onRequest hook, after the auth and fair-limit hooks and before the body
 * is read, so a refusal costs next to nothing. A send counts until its answer is finished or its
 * connection closes.
 */
export function sendAdmission(app: FastifyInstance, limit: number, maxLagMs: number) {
  let taken = 0;
  const lag = loopLag();
  app.addHook('onClose', (_instance, done) => {
    lag.stop();
    done();
  });
  return async (_request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (taken >= limit || lag.ms() > maxLagMs) {
      return reply
        .code(503)
        .header('retry-after', String(SERVER_BUSY_RETRY_AFTER_SECONDS))
        .type('application/json; charset=utf-8')
        .send(errorBody(503, TEXTS.serverBusy, ERROR_CODES.serverBusy));
    }
    taken += 1;
    // 'close' follows the end of every answer, and also comes when the client goes away mid-send.
    reply.raw.once('close', () => {
      taken -= 1;
    });
    return undefined;
  };
}
