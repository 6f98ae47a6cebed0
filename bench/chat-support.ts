/** Shared pieces of the chat benchmarks: a cookie-keeping client, users, a PostgreSQL scratch database. */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ApiSession } from '../e2e/support/api.ts';
import { ADMIN } from '../e2e/support/server.ts';

/** An API session for the benches: the e2e client, plus the user id the bench needs. */
export class BenchSession extends ApiSession {
  userId = '';
}

export async function adminSession(url: string): Promise<BenchSession> {
  const admin = new BenchSession(url);
  const { user } = await admin.request<{ user: { id: string } }>('POST', '/api/login', ADMIN);
  admin.userId = user.id;
  return admin;
}

/** Signs up `count` residents and approves them; returns their sessions. */
export async function makeResidents(
  url: string,
  admin: BenchSession,
  count: number,
): Promise<BenchSession[]> {
  const sessions: BenchSession[] = [];
  const batch = 8;
  for (let start = 0; start < count; start += batch) {
    const made = await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, async (_, k) => {
        const i = start + k;
        const session = new BenchSession(url);
        const { user } = await session.request<{ user: { id: string } }>('POST', '/api/signup', {
          email: `resident${i}@bench.test`,
          password: 'bench-password-123',
          username: `Resident ${i}`,
          acceptTerms: true,
        });
        session.userId = user.id;
        await admin.request('POST', `/api/admin/users/${user.id}/approve`, {});
        return session;
      }),
    );
    sessions.push(...made);
  }
  return sessions;
}

/** Rate limits out of the way: the benchmark measures the chat path, not the limiter. */
export const BENCH_LIMITS: Record<string, string> = {
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000000',
  RATE_LIMIT_USER_PER_MINUTE: '100000000',
  RATE_LIMIT_SESSION_PER_MINUTE: '100000000',
  RATE_LIMIT_SENDS_PER_CONVERSATION_PER_MINUTE: '100000000',
  SOCKETS_PER_USER: '1000000',
  SOCKETS_PER_SESSION: '1000000',
  RATE_LIMIT_LOGIN_PER_IP: '1000000',
  RATE_LIMIT_LOGIN_FREE_FAILURES: '1000000',
  RATE_LIMIT_SIGNUP_PER_IP: '1000000',
  RATE_LIMIT_SIGNUP_PER_ACCOUNT: '1000000',
  RATE_LIMIT_PUBLIC_FORM_PER_IP: '1000000',
  // Every bench client shares 127.0.0.1; in a building each device has its own connections.
  CONNECTIONS_PER_IP: '1000000',
  LOG_LEVEL: 'warn',
};

export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A new empty PostgreSQL database on the local server; drop() removes it. */
export async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `stoop_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: PG_ADMIN_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat; index 11 and 12 after the command name.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * The kernel's count of connections dropped because a listen queue was full (TcpExt
 * ListenOverflows, machine-wide): a server that does not accept fast enough makes its clients'
 * connections time out or be reset. NaN where /proc/net/netstat is missing.
 */
export function listenOverflows(): number {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
    const names = lines.find((line) => line.startsWith('TcpExt:'))?.split(' ') ?? [];
    const values = lines.filter((line) => line.startsWith('TcpExt:'))[1]?.split(' ') ?? [];
    return Number(values[names.indexOf('ListenOverflows')]);
  } catch {
    return Number.NaN;
  }
}
