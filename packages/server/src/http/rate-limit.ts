import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {} from '@fastify/rate-limit'; // brings in the createRateLimit decorator's type
import { RateLimited } from '../errors.ts';

export type LimitRule = {
  /** Prefix of the counter key, e.g. 'login:ip'. */
  name: string;
  max: number;
  windowMs: number;
  /** The counted subject: IP, account, ...; undefined skips this rule for the request. */
  key: (request: FastifyRequest) => string | undefined;
  message: string;
};

/**
 * A preValidation hook enforcing several counters at once (per IP and per account). It uses the store of
 * @fastify/rate-limit (memory, or Redis when REDIS_URL is set, so limits hold across instances).
 * The plugin's own per-route hook cannot be stacked, hence createRateLimit.
 */
export function limitBy(app: FastifyInstance, rules: LimitRule[]) {
  const checks = rules.map((rule) => ({
    rule,
    check: app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowMs,
      keyGenerator: (req) => `${rule.name}:${rule.key(req) ?? ''}`,
    }),
  }));
  return async (request: FastifyRequest): Promise<void> => {
    for (const { rule, check } of checks) {
      if (rule.key(request) === undefined) continue;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        const minutes = Math.max(1, Math.ceil(result.ttlInSeconds / 60));
        throw new RateLimited(`${rule.message} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
      }
    }
  };
}

/** Lower-cased `email` of a JSON body, the account key of login and signup limits. */
export function bodyEmail(request: FastifyRequest): string | undefined {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : undefined;
}

/**
 * One counter whose subject the handler names (known only after it reads the body, e.g. the type of
 * a multipart conversation). Throws 429 with the rule's message when the subject is over its limit.
 */
export function limitSubject(app: FastifyInstance, rule: Omit<LimitRule, 'key'>) {
  const subjects = new WeakMap<FastifyRequest, string>();
  const check = limitBy(app, [{ ...rule, key: (request) => subjects.get(request) }]);
  return (request: FastifyRequest, subject: string): Promise<void> => {
    subjects.set(request, subject);
    return check(request);
  };
}
