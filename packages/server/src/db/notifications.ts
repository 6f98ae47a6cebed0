import type { PoolClient } from 'pg';
import type { Database } from './client.ts';

/** How long a lost listening connection waits before it connects again. */
const RECONNECT_MS = 1000;

/**
 * Listens to a PostgreSQL notification channel on a connection of its own, taken from the pool and
 * held until `stop`; `listening` settles once it listens. A lost connection is replaced after a second. On PGlite
 * it does nothing: an embedded database belongs to one process, which has nobody else to hear from.
 */
export function listenToDatabase(
  database: Database,
  channel: string,
  onPayload: (payload: string) => void,
  onError: (error: unknown) => void,
): { listening: Promise<void>; stop(): Promise<void> } {
  if (database.kind !== 'pg') return { listening: Promise.resolve(), stop: () => Promise.resolve() };
  const pool = database.client;
  let stopped = false;
  let client: PoolClient | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  // Channel names are identifiers: only ours, fixed in code, are ever passed.
  const quoted = `"${channel.replaceAll('"', '""')}"`;

  const connect = async () => {
    try {
      const taken = await pool.connect();
      if (stopped) {
        taken.release();
        return;
      }
      client = taken;
      taken.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
      });
      taken.on('error', (error) => {
        onError(error);
        if (client === taken) client = undefined;
        taken.release(error);
        schedule();
      });
      await taken.query(`LISTEN ${quoted}`);
    } catch (error) {
      onError(error);
      schedule();
    }
  };
  const schedule = () => {
    if (stopped) return;
    retry = setTimeout(() => void connect(), RECONNECT_MS);
    retry.unref();
  };
  const started = connect();

  const stop = async () => {
    stopped = true;
    clearTimeout(retry);
    await started;
    const held = client;
    client = undefined;
    if (!held) return;
    try {
      await held.query(`UNLISTEN ${quoted}`);
      held.release();
    } catch (error) {
      held.release(error as Error);
    }
  };
  return { listening: started, stop };
}
