import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time comparison of the bearer token (hashed first, so lengths never leak). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * Metrics are for the operator: a scraper on the same machine (loopback) or one holding
 * METRICS_TOKEN. A request relayed by a proxy is never "loopback", even when the proxy itself runs
 * on the machine: request.ip is the client's address once TRUST_PROXY is set, and a forwarding
 * header without it still marks the request as coming from outside.
 */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  if (token && bearerMatches(request.headers.authorization, token)) return true;
  return fromThisMachine(request);
}

function fromThisMachine(request: FastifyRequest): boolean {
  const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !relayed && LOOPBACK.test(request.ip);
}

/**
 * The live backup needs both, a loopback caller that is not relayed by a proxy and the
 * token the server wrote into DATA_DIR (so only someone who may read the data folder gets a copy).
 */
export function mayTakeBackup(request: FastifyRequest, token: string): boolean {
  return fromThisMachine(request) && bearerMatches(request.headers.authorization, token);
}
