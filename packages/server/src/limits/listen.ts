import type { Config } from '../config.ts';

/**
 * R-LIMIT-15: where and how the server listens. While a flood keeps the event loop busy, new
 * connections wait in the kernel's listen queue until a turn of the loop takes them; once that
 * queue is full the kernel drops the newest handshakes and resets connections it cannot hand over,
 * before the server could answer a refusal. A queue of LISTEN_BACKLOG connections,
 * instead of Node's 511, holds a burst until the server takes it and answers every one.
 */
export function listenOptions(config: Pick<Config, 'PORT' | 'HOST' | 'LISTEN_BACKLOG'>): {
  port: number;
  host: string;
  backlog: number;
} {
  return { port: config.PORT, host: config.HOST, backlog: config.LISTEN_BACKLOG };
}
