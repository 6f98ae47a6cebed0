/**
 * How bench/chat.ts's senders behave as clients (BENCH_CLIENT).
 *
 * open (the default, and the only client of every result before 2026-11-29): one pool of kept-alive
 * connections without a cap and no retry. Every send still unanswered takes a connection of its
 * own, a new one when none is free, so a server that falls behind is met with ever more new
 * connections; a refusal or a dropped connection ends the send. No device behaves like this, but it
 * is the harshest test of the server's listen queue.
 *
 * devices: each sender is one device, as a browser is: at most BENCH_DEVICE_CONNECTIONS (6, what a
 * browser keeps per origin) kept-alive connections, further sends waiting in the device for one;
 * a refusal with Retry-After is waited out (plus up to half again at random) and the send made
 * again with the same clientMessageId, up to OUTBOX_BUSY_RETRIES times, and a network error is
 * tried once more: the web outbox's rules (R-LIMIT-14, packages/web/src/stores/outbox.ts).
 */
import http from 'node:http';
import { OUTBOX_BUSY_RETRIES } from '@stoop/shared';
import { AnswerError } from './support/http.ts';

const now = () => performance.timeOrigin + performance.now();

type ClientMode = 'open' | 'devices';
export const CLIENT: ClientMode = process.env.BENCH_CLIENT === 'devices' ? 'devices' : 'open';
const DEVICE_CONNECTIONS = Number(process.env.BENCH_DEVICE_CONNECTIONS ?? 6);

type Post = (
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  agent?: http.Agent,
) => Promise<void>;

/** What the attempts of a run's sends met, beyond whether each send was finally taken. */
type Attempts = {
  /** 503/429 answers with Retry-After, each attempt counted (open: one per refused send). */
  busyAnswers: number;
  /** Slowest such answer, ms after its attempt began (the first attempt: its scheduled time). */
  busyAnswerMax: number;
  /** Every such answer's time, ms after its attempt began. */
  busyAnswerTimes: number[];
  /** Attempts whose connection failed or was dropped, by error code (ECONNRESET, …). */
  connectionErrors: Map<string, number>;
};

export const noAttempts = (): Attempts => ({
  busyAnswers: 0,
  busyAnswerMax: 0,
  busyAnswerTimes: [],
  connectionErrors: new Map(),
});

const isBusy = (error: unknown): error is AnswerError =>
  error instanceof AnswerError &&
  (error.status === 503 || error.status === 429) &&
  error.retryAfter !== undefined;

/** One connection pool per sender in devices mode; the open client uses the shared pool (none here). */
export function deviceAgents(senders: number): (http.Agent | undefined)[] {
  return Array.from({ length: senders }, () =>
    CLIENT === 'devices' ? new http.Agent({ keepAlive: true, maxSockets: DEVICE_CONNECTIONS }) : undefined,
  );
}

export const describeClient = (senders: number) =>
  CLIENT === 'devices'
    ? `devices client: ${senders} devices × at most ${DEVICE_CONNECTIONS} kept-alive connections, Retry-After waited out up to ${OUTBOX_BUSY_RETRIES} times, a network error tried once more`
    : 'open client: kept-alive connections without a cap, a new one for every send still unanswered, no retry';

/**
 * Makes one send as the client mode does; resolves when it is taken (2xx), rejects with the last
 * error when it is given up. `scheduledAt` is when the send was due (ms since the epoch).
 */
export async function sendAsClient(
  post: Post,
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  agent: http.Agent | undefined,
  scheduledAt: number,
  attempts: Attempts,
): Promise<void> {
  let busyWaits = 0;
  let networkRetried = false;
  let startedAt = scheduledAt;
  for (;;) {
    try {
      await post(url, headers, fields, agent);
      return;
    } catch (error: unknown) {
      if (isBusy(error)) {
        attempts.busyAnswers += 1;
        attempts.busyAnswerMax = Math.max(attempts.busyAnswerMax, now() - startedAt);
        attempts.busyAnswerTimes.push(now() - startedAt);
      } else if (!(error instanceof AnswerError)) {
        const code = (error as NodeJS.ErrnoException).code ?? String(error);
        attempts.connectionErrors.set(code, (attempts.connectionErrors.get(code) ?? 0) + 1);
      }
      if (CLIENT === 'open') throw error;
      if (isBusy(error) && busyWaits < OUTBOX_BUSY_RETRIES) {
        busyWaits += 1;
        const wait = Number(error.retryAfter) * 1000 * (1 + Math.random() / 2);
        await new Promise((resolve) => setTimeout(resolve, wait));
      } else if (!(error instanceof AnswerError) && !networkRetried) {
        networkRetried = true;
      } else {
        throw error;
      }
      startedAt = now();
    }
  }
}
