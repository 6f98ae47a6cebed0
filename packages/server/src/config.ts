import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  ATTACHMENT_MAX_BYTES_DEFAULT,
  DEFAULT_PLAN,
  EMAIL_NOTIFY_DELAY_SECONDS_DEFAULT,
  EMAIL_NOTIFY_URGENT_DELAY_SECONDS_DEFAULT,
  IMPORT_MAX_BYTES,
  LISTEN_BACKLOG_DEFAULT,
  LISTEN_ACCEPT_HANDLES_DEFAULT,
  PLAN_IDS,
  SEND_QUEUE_LIMIT_DEFAULT,
  SEND_QUEUE_MAX_LAG_MS_DEFAULT,
} from '@stoop/shared';
import { SERVER_DIR } from './paths.ts';

/** Thrown by loadConfig; the message is a single line naming the offending variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * PostgreSQL's default buffer cache of 128 MB lives inside PGlite's WASM memory and is touched at
 * start: a process opening a data folder stood at 527–560 MB RSS with it, 245–269 MB with 32 MB
 * (bench/RESULTS.md, "Memory of the embedded server"), and at rest with the demo community 16 MB
 * took 18 MB less of it than 32 ("Memory at rest below 150 MB"); 8 MB took 9 MB less than 16 at rest
 * and 10 MB less at the peak of 500 msg/s into 200 members ("The embedded buffer cache from 8 MB").
 * The data files stay in the operating system's page cache either way.
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 8;
/**
 * Unless PGLITE_SHARED_BUFFERS_MB is set, the embedded server gives its buffer cache an eighth of
 * the database's files at start, between the default and this. A search walks a few thousand of the
 * newest pages, which 8 or 16 MB cannot keep at 1,000,000 messages; 64 MB can, and costs about 55 MB at
 * rest, which a small community is spared (bench/RESULTS.md, "Search at 1,000,000 messages: the
 * embedded cache sized to the data"; docs/decisions/0025-server-memory.md).
 */
export const MAX_AUTO_PGLITE_SHARED_BUFFERS_MB = 64;
export const PGLITE_SHARED_BUFFERS_DATA_SHARE = 8;
const intFrom = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);
const optionalUrl = z.url().optional();
/** Empty strings in the environment mean "not set". */
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

const trustProxySchema = z
  .string()
  .optional()
  .transform((raw): boolean | number | string => {
    if (raw === undefined || raw === 'false' || raw === '0') return false;
    if (raw === 'true') return true;
    if (/^\d+$/.test(raw)) return Number(raw);
    return raw; // a list of addresses / subnets, passed to Fastify as is
  });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * The embedded database's buffer cache (PostgreSQL shared_buffers) in MB; unset, an eighth of the
   * database's size at start, 16 to 64 (db/buffer-cache.ts).
   */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(8).max(4096).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Prefix of every Redis key, so several Stoop communities (or test runs) can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'may contain letters, digits, colons, dashes and underscores')
    .default('stoop:'),
  PUBLIC_URL: optionalUrl,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ATTACHMENT_MAX_BYTES: intFrom(ATTACHMENT_MAX_BYTES_DEFAULT, 1),
  /** The largest WhatsApp export an admin may upload. */
  IMPORT_MAX_BYTES: intFrom(IMPORT_MAX_BYTES, 1),
  UPLOAD_DIR: z.string().min(1).optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: trustProxySchema,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Longest a client may take to send a whole request, body included: a body trickled
   * at a byte a second is cut with 408 instead of holding a connection and a file open for ever.
   */
  REQUEST_TIMEOUT_MS: intFrom(60_000, 100),
  /** Received files no row references are removed at start-up once older than this. */
  UPLOAD_SWEEP_GRACE_MS: intFrom(60 * 60 * 1000, 0),
  /** R-UPLOAD-12: and again every this often while the server runs, so a crash's leftovers go. */
  UPLOAD_SWEEP_INTERVAL_MS: intFrom(15 * 60 * 1000, 100),
  /** JSON body limit for ordinary calls. */
  BODY_LIMIT_BYTES: intFrom(1024 * 1024, 1),
  /**
   * Fair limits (R-LIMIT): calls without a session count per address, signed-in calls per resident
   * and per session, so one busy neighbour behind the building's shared address slows no one else.
   */
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: intFrom(600, 1),
  RATE_LIMIT_USER_PER_MINUTE: intFrom(600, 1),
  RATE_LIMIT_SESSION_PER_MINUTE: intFrom(300, 1),
  /** Messages one resident sends into one conversation per minute. */
  RATE_LIMIT_SENDS_PER_CONVERSATION_PER_MINUTE: intFrom(30, 1),
  /** Channels one resident creates per hour. */
  RATE_LIMIT_CHANNELS_PER_HOUR: intFrom(10, 1),
  /** Window of the per-call limits below. */
  RATE_LIMIT_WINDOW_MS: intFrom(15 * 60 * 1000, 1),
  /**
   * Failed sign-ins per address and window. Over it, only accounts that failed from that
   * address wait; a correct password of an account with no failures from there always gets in.
   */
  RATE_LIMIT_LOGIN_PER_IP: intFrom(300, 1),
  /** CSRF token fetches per client (its CSRF cookie) and minute; clients without one count per address. */
  RATE_LIMIT_CSRF_PER_CLIENT_PER_MINUTE: intFrom(60, 1),
  /** Open connections per address when the server faces clients itself (no TRUST_PROXY). */
  CONNECTIONS_PER_IP: intFrom(1000, 1),
  /**
   * R-LIMIT-13: sends this process takes at once; one more is answered 503 SERVER_BUSY with
   * Retry-After at once, so an overloaded server stays quick and keeps every connection.
   */
  SEND_QUEUE_LIMIT: intFrom(SEND_QUEUE_LIMIT_DEFAULT, 1),
  /**
   * R-LIMIT-13: how far behind (ms) this process's event loop may run, averaged over its last
   * ticks, before a send is answered 503 SERVER_BUSY: the wait a taken send may have before it is
   * even read.
   */
  SEND_QUEUE_MAX_LAG_MS: intFrom(SEND_QUEUE_MAX_LAG_MS_DEFAULT, 1),
  /**
   * Connections the kernel holds for this process until it takes them (the listen backlog): a busy
   * server keeps a burst waiting instead of having it dropped. The kernel caps it at
   * net.core.somaxconn.
   */
  LISTEN_BACKLOG: intFrom(LISTEN_BACKLOG_DEFAULT, 1),
  /**
   * Descriptors of the listening socket the process watches, each taking one new connection per
   * turn of its event loop, so that a flood of connections is taken (and answered) as fast as the
   * loop turns allow, not one a turn.
   */
  LISTEN_ACCEPT_HANDLES: intFrom(LISTEN_ACCEPT_HANDLES_DEFAULT, 1),
  /** Failed sign-ins for one account from one address before each further try waits, doubling from 1 s. */
  RATE_LIMIT_LOGIN_FREE_FAILURES: intFrom(5, 1),
  /** The longest such wait. */
  RATE_LIMIT_LOGIN_MAX_DELAY_MS: intFrom(15 * 60 * 1000, 1000),
  /** Sign-ups per address and hour: a whole building may join on move-in day. */
  RATE_LIMIT_SIGNUP_PER_IP: intFrom(100, 1),
  RATE_LIMIT_SIGNUP_PER_ACCOUNT: intFrom(5, 1),
  /** forgot-password, reset-password and contact, per IP. */
  RATE_LIMIT_PUBLIC_FORM_PER_IP: intFrom(20, 1),
  /** Reset mails asked for one email address per window. */
  RATE_LIMIT_RESET_MAIL_PER_ACCOUNT: intFrom(3, 1),
  /** Open sockets per resident and per session; one more is refused (R-LIMIT). */
  SOCKETS_PER_USER: intFrom(20, 1),
  SOCKETS_PER_SESSION: intFrom(5, 1),
  SESSION_TTL_DAYS: intFrom(30, 1),
  /** A native app's bearer token lives this long, renewed by use (docs/decisions/0032-native-bearer-tokens.md). */
  NATIVE_SESSION_TTL_DAYS: intFrom(90, 1),
  /**
   * Origins besides the native apps' (https://localhost, capacitor://localhost,
   * http://localhost) allowed to call the API cross-origin: a comma-separated list of origins.
   */
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const origins: string[] = [];
      for (const item of (raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        let url: URL | undefined;
        try {
          url = new URL(item);
        } catch {
          url = undefined;
        }
        if (!url || url.origin === 'null' || url.origin !== item.replace(/\/+$/, '')) {
          ctx.addIssue({ code: 'custom', message: `"${item}" is not an origin (scheme://host[:port])` });
          return z.NEVER;
        }
        origins.push(url.origin);
      }
      return origins;
    }),
  /** How long a looked-up session is reused without a lookup (auth/session-cache.ts); 0 turns it off. */
  SESSION_CACHE_SECONDS: intFrom(30, 0),
  /**
   * How often each server checks that the sessions of its open sockets still exist
   * (realtime/session-ends.ts): the bound on a socket whose session was removed without a notice.
   */
  SESSION_CHECK_SECONDS: intFrom(10, 1),
  /** Bearer token a Prometheus scraper off this machine sends for /metrics (loopback needs none). */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{24,256}$/, 'must be 24 to 256 printable characters without spaces')
    .optional(),
  /** Web Push VAPID key pair (base64url); generated into DATA_DIR/vapid-keys.json when absent. */
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  /** Contact in the VAPID JWT: mailto: or https:; defaults to ADMIN_EMAIL or PUBLIC_URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https?:\/\/)/, 'must start with mailto: or https://')
    .optional(),
  /** FCM HTTP v1 service account (the JSON Google issues), as a file or inline; without one, native pushes are skipped. */
  FCM_SERVICE_ACCOUNT_FILE: z.string().min(1).optional(),
  FCM_SERVICE_ACCOUNT_JSON: z.string().min(1).optional(),
  FCM_ENDPOINT: z.url().default('https://fcm.googleapis.com'),
  /** OAuth2 token URL; the service account's token_uri wins when this is unset. */
  FCM_TOKEN_URL: optionalUrl,
  /**
   * APNs over HTTP/2 for ios, with a token-signing key (.p8) as a file or inline, its
   * key id, the team id and the app's bundle id; without them ios pushes are skipped.
   */
  APNS_KEY_FILE: z.string().min(1).optional(),
  APNS_KEY: z.string().min(1).optional(),
  APNS_KEY_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character key id')
    .optional(),
  APNS_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character team id')
    .optional(),
  APNS_TOPIC: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, 'must be the app bundle id')
    .optional(),
  /** https://api.push.apple.com (production), https://api.sandbox.push.apple.com or a test server. */
  APNS_ENDPOINT: z.url().default('https://api.push.apple.com'),
  /** Extra CA certificates (PEM file) the push sender trusts besides the system's, e.g. a TLS-inspecting proxy. */
  PUSH_CA_FILE: z.string().min(1).optional(),
  /** Pushes for one conversation enqueued within this window become one ("3 new messages"). */
  PUSH_COLLAPSE_MS: intFrom(2000, 0),
  /** Send attempts per push before it is dropped; waits double from PUSH_RETRY_BASE_MS. */
  PUSH_MAX_ATTEMPTS: intFrom(6, 1),
  PUSH_RETRY_BASE_MS: intFrom(5000, 1),
  /** How often the dispatcher looks for due jobs when nothing woke it (another instance enqueued). */
  PUSH_POLL_MS: intFrom(5000, 10),
  /** The community's name, in notification mails' sender, subject and text. */
  COMMUNITY_NAME: z.string().trim().min(1).max(80).default('Stoop'),
  /** Unread for this long with no socket open, a notice goes out by mail. */
  EMAIL_NOTIFY_DELAY_SECONDS: intFrom(EMAIL_NOTIFY_DELAY_SECONDS_DEFAULT, 0),
  /** The same for urgent announcements. */
  EMAIL_NOTIFY_URGENT_DELAY_SECONDS: intFrom(EMAIL_NOTIFY_URGENT_DELAY_SECONDS_DEFAULT, 0),
  /** How often the mail round looks for due notices when nothing woke it. */
  EMAIL_NOTIFY_POLL_MS: intFrom(5000, 10),
  /** Seconds between two fetches of one RSS, Atom or iCal source. */
  FEED_POLL_SECONDS: intFrom(300, 1),
  /**
   * Let feed fetches reach private, loopback and link-local addresses. Off by default
   * (a feed address must not become a way into the server's own network); tests and closed
   * networks only.
   */
  FEED_ALLOW_PRIVATE_ADDRESSES: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  /** The community's plan until an admin picks one, which is stored and wins. */
  STOOP_PLAN: z.enum(PLAN_IDS, `must be one of ${PLAN_IDS.join(', ')}`).default(DEFAULT_PLAN),
  /**
   * R-OPS-16: after SIGTERM, how long /readyz answers 503 while requests are still served, so a load
   * balancer stops sending work here before the listener closes.
   */
  SHUTDOWN_DRAIN_MS: intFrom(0, 0),
  /** R-OPS-16: a shutdown still running after this long (drain included) exits with code 1. */
  SHUTDOWN_TIMEOUT_MS: intFrom(15_000, 100),
  DEMO: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

type Env = z.infer<typeof envSchema>;

export type Config = Omit<Env, 'SESSION_SECRET' | 'UPLOAD_DIR' | 'WEB_DIST_DIR'> & {
  SESSION_SECRET: string;
  UPLOAD_DIR: string;
  WEB_DIST_DIR: string;
  /** True when cookies must carry the Secure flag regardless of the request (PUBLIC_URL is https). */
  secureCookies: boolean;
};

/** Raw environment, e.g. process.env or a test's overrides. */
export type EnvInput = Record<string, string | undefined>;

const SESSION_SECRET_FILE = 'session-secret';

/** Reads DATA_DIR/session-secret, creating it on first start so sessions survive restarts. */
function persistedSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Validates the environment. Throws ConfigError with a one-line message naming the variable,
 * e.g. `Invalid environment variable PORT: Too big: expected number to be <=65535`.
 */
export function loadConfig(env: EnvInput = process.env): Config {
  const known = Object.keys(envSchema.shape);
  const input: Record<string, unknown> = {};
  for (const key of known) input[key] = blankToUndefined(env[key]);
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    const message = (issue?.message ?? 'invalid value').replace(/\s+/g, ' ');
    throw new ConfigError(`Invalid environment variable ${variable}: ${message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    ...e,
    DATA_DIR: dataDir,
    SESSION_SECRET: e.SESSION_SECRET ?? persistedSessionSecret(dataDir),
    UPLOAD_DIR: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    WEB_DIST_DIR: path.resolve(e.WEB_DIST_DIR ?? path.join(SERVER_DIR, '..', 'web', 'dist')),
    secureCookies: e.PUBLIC_URL?.startsWith('https:') ?? false,
  };
}

/** The base URL used in mails (reset links); falls back to the local address. */
export function publicUrl(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}
