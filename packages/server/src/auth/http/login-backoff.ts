import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, RateLimited } from '../../errors.ts';
import { bodyEmail } from '../../http/rate-limit.ts';

/** Failures are remembered this long after the last one. */
const FAILURE_MEMORY_MS = 24 * 3600 * 1000;
const FIRST_DELAY_MS = 1000;

const pairKey = (email: string, ip: string) => `login:${email}|${ip}`;
const addressKey = (ip: string) => `login-ip:${ip}`;

function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * R-LIMIT-3: failed sign-ins slow down one account from one address only. After
 * RATE_LIMIT_LOGIN_FREE_FAILURES failures each further try waits twice as long as the last (from 1 s,
 * up to RATE_LIMIT_LOGIN_MAX_DELAY_MS); a success clears it. Someone hammering the admin's account
 * from elsewhere slows themselves, never the admin signing in from their own address.
 *
 * R-LIMIT-10: the address has a budget of failed sign-ins too (RATE_LIMIT_LOGIN_PER_IP per
 * RATE_LIMIT_WINDOW_MS), and only failures count. Over it, an account that failed from that address
 * waits out the window; an account with no failure from there always gets through, so a guessing
 * device in the building never keeps a neighbour with the right password out.
 */
export function loginBackoff(app: FastifyInstance) {
  const store = app.backoffStore;
  const {
    RATE_LIMIT_LOGIN_FREE_FAILURES: free,
    RATE_LIMIT_LOGIN_MAX_DELAY_MS: maxDelay,
    RATE_LIMIT_LOGIN_PER_IP: perAddress,
    RATE_LIMIT_WINDOW_MS: windowMs,
  } = app.config;
  return {
    /** preValidation: 429 while this account and address pair must wait. */
    check: async (request: FastifyRequest): Promise<void> => {
      const email = bodyEmail(request);
      if (email === undefined) return;
      const left = await store.waitLeft(pairKey(email, request.ip));
      if (left > 0) {
        throw new RateLimited(
          `Too many failed sign-ins for this account from this network. Try again in ${waitText(left)}.`,
        );
      }
      if ((await store.failures(addressKey(request.ip))) < perAddress) return;
      if ((await store.failures(pairKey(email, request.ip))) === 0) return;
      throw new RateLimited(
        `Too many failed sign-ins from this network. Try again in ${waitText(windowMs)}.`,
      );
    },
    async failed(email: string, ip: string): Promise<void> {
      const key = pairKey(email.trim().toLowerCase(), ip);
      await store.fail(addressKey(ip), windowMs);
      const failures = await store.fail(key, FAILURE_MEMORY_MS);
      if (failures < free) return;
      const delay = Math.min(maxDelay, FIRST_DELAY_MS * 2 ** Math.min(30, failures - free));
      await store.block(key, delay);
    },
    succeeded(email: string, ip: string): Promise<void> {
      return store.clear(pairKey(email.trim().toLowerCase(), ip));
    },
  };
}

/** The 401 of a wrong email or password (service.ts), the only failure that counts. */
export const isInvalidCredentials = (error: unknown) =>
  error instanceof DomainError && error.code === 'INVALID_CREDENTIALS';
