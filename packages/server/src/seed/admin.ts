import { randomBytes } from 'node:crypto';
import { defaultUserMetadata } from '@stoop/shared';
import { hashPassword } from '../auth/password.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { UserRow } from '../db/schema/index.ts';
import { adminCount, createUser, findUserWithEmail, listAccounts } from '../users/service.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@stoop.local';

export type FirstAdmin = { user: UserRow; created: boolean; generatedPassword?: string };

/**
 * First boot: with no admin in the database, creates one from ADMIN_EMAIL/ADMIN_PASSWORD, or
 * admin@stoop.local with a generated password that the caller prints once. Later boots return
 * the existing admin untouched.
 */
export async function ensureAdmin(
  db: Db,
  config: Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>,
): Promise<FirstAdmin> {
  if ((await adminCount(db)) > 0) {
    const [existing] = await listAccounts(db, { role: 'admin', limit: 1 });
    if (existing) return { user: existing, created: false };
  }
  const email = config.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
  const taken = await findUserWithEmail(db, email);
  // Another instance starting at the same moment may have created it since the count.
  if (taken?.role === 'admin') return { user: taken, created: false };
  if (taken)
    throw new Error(`ADMIN_EMAIL ${email} belongs to an existing non-admin account; promote it instead`);
  try {
    return await createAdmin(db, { email, name: 'Admin', password: config.ADMIN_PASSWORD });
  } catch (error) {
    // Another instance starting at the same moment created it first; use that one.
    if (!isUniqueViolation(error)) throw error;
    const [existing] = await listAccounts(db, { role: 'admin', limit: 1 });
    if (!existing) throw error;
    return { user: existing, created: false };
  }
}

/** A generated password: 16 URL-safe characters, shown once. */
export const generatePassword = () => randomBytes(12).toString('base64url');

/**
 * A new admin account (first boot, or `stoop create-admin`). Without a password one is
 * generated and returned for the caller to print once. The caller checks the email is free.
 */
export async function createAdmin(
  db: Db,
  input: { email: string; name: string; password?: string | undefined },
): Promise<FirstAdmin> {
  const generatedPassword = input.password ? undefined : generatePassword();
  const passwordHash = await hashPassword(input.password ?? generatedPassword ?? '');
  const user = await createUser(db, {
    email: input.email,
    username: input.name,
    description: 'Community manager',
    passwordHash,
    metadata: defaultUserMetadata(),
    role: 'admin',
    isLocked: false,
    lockReason: null,
  });
  return generatedPassword ? { user, created: true, generatedPassword } : { user, created: true };
}

/** A box around the generated credentials so they stand out in the start-up log. */
export function credentialsBox(
  email: string,
  password: string,
  heading = 'First start: an admin account was created.',
): string {
  const lines = [
    heading,
    `  email:    ${email}`,
    `  password: ${password}`,
    'This password is shown only once. Sign in and change it.',
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const edge = `+${'-'.repeat(width + 2)}+`;
  return [edge, ...lines.map((l) => `| ${l.padEnd(width)} |`), edge].join('\n');
}
