/**
 * PostgreSQL's CPU in a bench:chat run: user + system time from /proc/<pid>/stat of the backends
 * serving the run's scratch database, found through pg_stat_activity (datname = that database:
 * the target's pooled connections, its LISTEN connection, autovacuum workers on it). Only the
 * target uses the database, so all of their time is the run's. PostgreSQL must run on this
 * machine (its processes' /proc entries readable), as the bench's 127.0.0.1 server does.
 *
 * Polled every second between start() and stop(): a backend not there at start() is counted from
 * its own start, one that ends during the run up to its last poll (at most a second of it lost;
 * the pools of the server and the reference keep their connections, so that is only autovacuum).
 * The shared background processes (walwriter, checkpointer, background writer) work for every
 * database of this PostgreSQL, other people's runs included, so they cannot be attributed: their
 * time in the run is reported apart (`shared`) and counted nowhere.
 */
import pg from 'pg';
import { PG_ADMIN_URL, cpuSeconds } from './chat-support.ts';

const POLL_MS = 1000;
const SHARED = ['walwriter', 'checkpointer', 'background writer'];

export type DatabaseCpuResult = {
  /** CPU seconds of the scratch database's backends in the run. */
  seconds: number;
  /** How many backends that was. */
  backends: number;
  /** CPU seconds of the shared background processes in the run (not attributable, not counted). */
  shared: number;
};

type Seen = { first: number; last: number; shared: boolean };

export class DatabaseCpu {
  private seen = new Map<number, Seen>();
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> = Promise.resolve();

  private constructor(
    private readonly client: pg.Client,
    private readonly database: string,
  ) {}

  /** A monitor for `databaseUrl`'s database, connected to the admin database (not counted). */
  static async open(databaseUrl: string): Promise<DatabaseCpu> {
    const client = new pg.Client({ connectionString: PG_ADMIN_URL });
    await client.connect();
    return new DatabaseCpu(client, new URL(databaseUrl).pathname.slice(1));
  }

  private async poll(starting: boolean): Promise<void> {
    const { rows } = await this.client.query<{ pid: number; backend_type: string }>(
      'SELECT pid, backend_type FROM pg_stat_activity WHERE datname = $1 OR backend_type = ANY($2)',
      [this.database, SHARED],
    );
    for (const { pid, backend_type: type } of rows) {
      const cpu = cpuSeconds(pid);
      if (Number.isNaN(cpu)) continue;
      const known = this.seen.get(pid);
      // A backend first seen after start() began after it: all of its time is the run's.
      if (known) known.last = cpu;
      else this.seen.set(pid, { first: starting ? cpu : 0, last: cpu, shared: SHARED.includes(type) });
    }
  }

  async start(): Promise<void> {
    this.seen.clear();
    await this.poll(true);
    this.timer = setInterval(() => {
      this.polling = this.polling.then(() => this.poll(false));
      // A failed poll fails stop(), which awaits it; until then it is not an unhandled rejection.
      this.polling.catch(() => undefined);
    }, POLL_MS);
  }

  async stop(): Promise<DatabaseCpuResult> {
    clearInterval(this.timer);
    await this.polling;
    await this.poll(false);
    const result: DatabaseCpuResult = { seconds: 0, backends: 0, shared: 0 };
    for (const { first, last, shared } of this.seen.values()) {
      if (shared) result.shared += last - first;
      else {
        result.seconds += last - first;
        result.backends += 1;
      }
    }
    return result;
  }

  close(): Promise<void> {
    clearInterval(this.timer);
    return this.client.end();
  }
}
