import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { verifyPassword } from '../auth/password.ts';
import { createSession } from '../auth/http/session.ts';
import { openPglite, type Database, type Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { createTestDatabase, usingPostgres } from '../test/database.ts';
import { findUserWithEmail } from '../users/service.ts';
import { runCli } from './run.ts';

/** Building a database can take over a minute on a loaded machine. */
const SETUP_TIMEOUT_MS = 300_000;

let dataDir = '';
let env: Record<string, string | undefined> = {};
/** PostgreSQL only: the test database the commands share with the checks. */
let pgDatabase: Database | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'stoop-cli-'));
  env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  if (usingPostgres()) {
    pgDatabase = await createTestDatabase();
    env.DATABASE_URL = (
      pgDatabase.client as { options: { connectionString?: string } }
    ).options.connectionString;
  }
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await pgDatabase?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, {
    env,
    output: { out: (text) => (out += `${text}\n`), err: (text) => (err += `${text}\n`) },
  });
  return { code, out, err };
}

/** Looks at the database between commands; an embedded one is opened only while no command runs. */
async function inspect<T>(work: (db: Db) => Promise<T>): Promise<T> {
  if (pgDatabase) return work(pgDatabase.db);
  const database = await openPglite(path.join(dataDir, 'db'));
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** The entry as `npm run stoop --` runs it, in its own process. */
function runEntry(...argv: string[]): Promise<{ code: number | null; output: string }> {
  const root = path.join(import.meta.dirname, '..', '..', '..', '..');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'packages/server/src/cli.ts'), ...argv],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

describe('stoop command line (R-OPS-12)', () => {
  it(
    'runs as its own process with the exit codes of R-OPS-12',
    async () => {
      const help = await runEntry('help');
      expect(help.code).toBe(0);
      expect(help.output).toContain('create-admin');
      const misuse = await runEntry('restore');
      expect(misuse.code).toBe(2);
      expect(misuse.output).toContain('name one backup file');
      expect(misuse.output).not.toMatch(/\n\s+at /);
    },
    SETUP_TIMEOUT_MS,
  );

  it('lists the commands, and misuse exits 2 with a message and no stack trace', async () => {
    const help = await cli('help');
    expect(help.code).toBe(0);
    for (const name of ['create-admin', 'reset-password', 'backup', 'restore', 'export'])
      expect(help.out).toContain(name);
    expect((await cli('help', 'backup')).out).toContain('backup <file.tar.gz>');

    expect((await cli()).code).toBe(2);
    const unknown = await cli('frobnicate');
    expect(unknown).toMatchObject({ code: 2 });
    expect(unknown.err).toContain('Unknown command "frobnicate"');

    const cases: [string[], RegExp][] = [
      [['create-admin', '--name', 'Ann'], /--email: this option is required/],
      [['create-admin', '--email', 'not-an-email', '--name', 'Ann'], /--email: Enter a valid email address/],
      [['create-admin', '--email', 'a@example.com', '--name', 'Ann', '--password', 'short'], /at least 8/],
      [
        ['create-admin', '--email', 'a@example.com', '--name', 'Ann', '--colour', 'red'],
        /Unknown option '--colour'/,
      ],
      [['create-admin', '--email'], /argument missing/],
      [['reset-password', 'extra'], /--email: this option is required/],
      [['backup'], /name one backup file/],
      [['backup', 'stoop.zip'], /must end in \.tar\.gz/],
      [['restore'], /name one backup file/],
      [['export'], /--out: this option is required/],
    ];
    for (const [argv, message] of cases) {
      const result = await cli(...argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.err).toMatch(message);
      expect(result.err).toContain('Usage: npm run stoop --');
      expect(result.err).not.toMatch(/\n\s+at /);
    }
  });

  it(
    'creates an admin with a generated password printed once, and refuses a taken email',
    async () => {
      const created = await cli('create-admin', '--email', 'Manager@Example.com', '--name', 'Mina Manager');
      expect(created.code).toBe(0);
      const password = /password: (\S+)/.exec(created.out)?.[1] ?? '';
      expect(password.length).toBeGreaterThanOrEqual(16);
      const user = await inspect((db) => findUserWithEmail(db, 'manager@example.com'));
      expect(user).toMatchObject({ role: 'admin', username: 'Mina Manager', isLocked: false });
      expect(await verifyPassword(user?.passwordHash ?? '', password)).toBe(true);

      const again = await cli('create-admin', '--email', 'manager@example.com', '--name', 'Other');
      expect(again.code).toBe(1);
      expect(again.err).toContain('already exists');
    },
    SETUP_TIMEOUT_MS,
  );

  it('resets a password and ends every session of the account', async () => {
    const sessions = await inspect(async (db) => {
      const user = await findUserWithEmail(db, 'manager@example.com');
      if (!user) throw new Error('no admin');
      await createSession(db, user.id, 30);
      await createSession(db, user.id, 30);
      return user.id;
    });
    expect(sessions).toBeTruthy();
    const reset = await cli(
      'reset-password',
      '--email',
      'manager@example.com',
      '--password',
      'a new password',
    );
    expect(reset.code).toBe(0);
    await inspect(async (db) => {
      const user = await findUserWithEmail(db, 'manager@example.com');
      expect(await verifyPassword(user?.passwordHash ?? '', 'a new password')).toBe(true);
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from sessions where user_id = ${user?.id ?? ''}`),
      );
      expect(row?.n).toBe(0);
    });

    const unknown = await cli('reset-password', '--email', 'nobody@example.com');
    expect(unknown).toMatchObject({ code: 1 });
    expect(unknown.err).toContain('No account has the email nobody@example.com');
  });

  it('exports the community without secrets, direct messages only on request (R-OPS-15)', async () => {
    const file = path.join(dataDir, 'community.json');
    const exported = await cli('export', '--out', file);
    expect(exported.code).toBe(0);
    const text = await readFile(file, 'utf8');
    const data = JSON.parse(text) as { format: string; includesDirectMessages: boolean; users: object[] };
    expect(data).toMatchObject({ format: 'stoop-export', includesDirectMessages: false });
    expect(data.users.length).toBeGreaterThanOrEqual(1);
    expect(text).not.toMatch(/password|argon2|token/i);

    const withDirect = await cli('export', '--out', file, '--include-direct-messages');
    expect(withDirect.code).toBe(0);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ includesDirectMessages: true });
  });

  it('refuses to open an embedded database a server holds; PostgreSQL runs alongside', async () => {
    // What a listening server writes (ops/http/live-backup.ts): this very process stands in for it.
    const running = path.join(dataDir, 'server.json');
    await writeFile(running, JSON.stringify({ pid: process.pid, port: 9, token: 'x'.repeat(43) }));
    try {
      const reset = await cli('reset-password', '--email', 'manager@example.com');
      if (usingPostgres()) {
        expect(reset.code, reset.err).toBe(0);
        return;
      }
      expect(reset.code).toBe(1);
      expect(reset.err).toContain('Stop the server');
      expect((await cli('restore', path.join(dataDir, 'community.json'))).err).toContain(
        'Stop it before restoring',
      );
    } finally {
      await rm(running);
    }
  });
});
