// How this folder works (tests): docs/testing.md.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  CSRF_HEADER,
  defaultUserMetadata,
  type LockReason,
  type Role,
  type UserMetadata,
} from '@stoop/shared';
import { buildApp, type BuildOptions } from '../app.ts';
import { cookieNames } from '../auth/http/cookies.ts';
import { randomToken } from '../auth/crypto.ts';
import { csrfTokenFor } from '../auth/http/csrf.ts';
import { hashPassword } from '../auth/password.ts';
import { createSession } from '../auth/http/session.ts';
import { loadConfig, type Config, type EnvInput } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { UserRow } from '../db/schema/index.ts';
import { outboxDir } from '../mail/mailer.ts';
import { insertUser } from '../users/repo.ts';
import { createTestDatabase } from './database.ts';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  database: Database;
  close(): Promise<void>;
};

/** Test defaults: quiet, and rate limits high enough that only the rate-limit tests hit them. */
const TEST_ENV: EnvInput = {
  LOG_LEVEL: 'silent',
  SESSION_SECRET: 'test-session-secret-that-is-long-enough-000',
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
  RATE_LIMIT_USER_PER_MINUTE: '100000',
  RATE_LIMIT_SESSION_PER_MINUTE: '100000',
  RATE_LIMIT_SENDS_PER_CONVERSATION_PER_MINUTE: '100000',
  RATE_LIMIT_CHANNELS_PER_HOUR: '100000',
  RATE_LIMIT_LOGIN_PER_IP: '10000',
  RATE_LIMIT_LOGIN_FREE_FAILURES: '10000',
  RATE_LIMIT_SIGNUP_PER_IP: '10000',
  RATE_LIMIT_SIGNUP_PER_ACCOUNT: '10000',
  RATE_LIMIT_PUBLIC_FORM_PER_IP: '10000',
  RATE_LIMIT_RESET_MAIL_PER_ACCOUNT: '10000',
  SOCKETS_PER_USER: '10000',
  SOCKETS_PER_SESSION: '10000',
  // R-LIMIT-13: a test process runs the server, its clients and (embedded) the database on one
  // loop, often behind by seconds on a busy machine; only the overload tests set a real bound.
  SEND_QUEUE_MAX_LAG_MS: '600000',
  PUBLIC_URL: 'http://stoop.test',
  WEB_DIST_DIR: '/nonexistent-web-dist',
};

/**
 * A ready app on a fresh database (in-memory PGlite, or PostgreSQL under STOOP_TEST_DB=pg) and a
 * temporary DATA_DIR (outbox, uploads). Create it in beforeAll and close it in afterAll.
 */
export async function createTestApp(
  overrides: EnvInput = {},
  build: Pick<BuildOptions, 'onRoute'> = {},
  /** Another instance whose database this one shares, as behind a load balancer (it closes it). */
  sharing?: TestApp,
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'stoop-test-'));
  const config = loadConfig({ ...TEST_ENV, DATA_DIR: dataDir, ...overrides });
  const database = sharing?.database ?? (await createTestDatabase());
  const app = await buildApp(config, { database, logger: false, ...build });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    database,
    async close() {
      await app.close();
      if (!sharing) await database.close();
      await rm(dataDir, { recursive: true, force: true, maxRetries: 10 });
    },
  };
}

export const TEST_PASSWORD = 'correct horse battery';

const hashes = new Map<string, Promise<string>>();
/** argon2 is deliberately slow; factories hash each distinct password once per process. */
const cachedHash = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

let sequence = 0;

export type MakeUserOptions = {
  role?: Role;
  /** Locked; `reason` defaults to pending_approval. */
  locked?: boolean;
  reason?: LockReason;
  email?: string;
  username?: string;
  password?: string;
  description?: string;
  metadata?: Partial<UserMetadata>;
};

/** Inserts a user directly (approved resident by default). The password is TEST_PASSWORD unless given. */
export async function makeUser(
  app: FastifyInstance,
  options: MakeUserOptions = {},
): Promise<UserRow & { password: string }> {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}`;
  const password = options.password ?? TEST_PASSWORD;
  const locked = options.locked ?? options.reason !== undefined;
  const row = await insertUser(app.db, {
    email: options.email ?? `user-${tag}@example.com`,
    username: options.username ?? `Resident ${tag}`,
    description: options.description ?? '',
    passwordHash: await cachedHash(password),
    metadata: { ...defaultUserMetadata(), ...options.metadata },
    role: options.role ?? 'resident',
    isLocked: locked,
    lockReason: locked ? (options.reason ?? 'pending_approval') : null,
  });
  return { ...row, password };
}

export const makeAdmin = (app: FastifyInstance, options: Omit<MakeUserOptions, 'role'> = {}) =>
  makeUser(app, { ...options, role: 'admin' });

export type AuthHeaders = { cookie: string; [CSRF_HEADER]: string };

/** CSRF cookie + matching header for anonymous mutating calls. */
export function csrfHeaders(app: FastifyInstance): AuthHeaders {
  return csrfHeadersFor(app, randomToken());
}

function csrfHeadersFor(app: FastifyInstance, secret: string): AuthHeaders {
  return {
    cookie: `${cookieNames(app.config).csrf}=${secret}`,
    [CSRF_HEADER]: csrfTokenFor(app.config.SESSION_SECRET, secret),
  };
}

/** Headers (session cookie, CSRF cookie and x-csrf-token) that make `app.inject` act as `user`. */
export async function sessionFor(app: FastifyInstance, user: Pick<UserRow, 'id'>): Promise<AuthHeaders> {
  const csrfSecret = randomToken();
  const { token } = await createSession(app.db, user.id, app.config.SESSION_TTL_DAYS, { csrfSecret });
  const csrf = csrfHeadersFor(app, csrfSecret);
  const sessionCookie = `${cookieNames(app.config).session}=${token}`;
  return { cookie: `${sessionCookie}; ${csrf.cookie}`, [CSRF_HEADER]: csrf[CSRF_HEADER] };
}

export type OutboxMail = { file: string; raw: string; to: string; subject: string; text: string };

/** The mails written to DATA_DIR/outbox, oldest first (SMTP_URL unset). */
export async function readOutbox(app: FastifyInstance): Promise<OutboxMail[]> {
  const dir = outboxDir(app.config);
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(path.join(dir, file), 'utf8');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim() ?? '';
      const body = raw.split(/\n\n/).slice(1).join('\n\n');
      // Bodies are quoted-printable; undo soft line breaks and =XX escapes for easy matching.
      const text = body
        .replace(/=\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return { file, raw, to: header('To'), subject: header('Subject'), text };
    }),
  );
}

/** Asks for a password reset for `email` (POST /api/forgot-password); the token of the newest mail to it. */
export async function requestResetToken(app: FastifyInstance, email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/forgot-password',
    payload: { email },
    headers: csrfHeaders(app),
  });
  if (res.statusCode !== 204) throw new Error(`forgot-password answered ${res.statusCode}: ${res.body}`);
  const mails = (await readOutbox(app)).filter((m) => m.to === email);
  const token = /reset-password\?token=([\w-]+)/.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!token) throw new Error(`no reset link in the newest mail to ${email}`);
  return token;
}
