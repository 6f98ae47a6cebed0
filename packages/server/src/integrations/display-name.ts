import type { DbOrTx } from '../db/client.ts';
import { Invalid } from '../errors.ts';
import { userIdsNamed } from '../users/service.ts';

/** "admin", "Admins", "Administrator", "Building admin": anything a reader could take for the office. */
const ADMIN_WORD = /\badmin/i;

/**
 * R-INTEG-10: a webhook's display name (its name, or a post's `username`) cannot pass for a person:
 * not an account's username (trimmed, any case), and not the word admin. Answers a 400 naming `field`.
 */
export async function refuseImpersonation(db: DbOrTx, name: string, field: string): Promise<void> {
  const trimmed = name.trim();
  if (ADMIN_WORD.test(trimmed)) throw new Invalid(`${field} cannot contain the word "admin"`, field);
  if ((await userIdsNamed(db, trimmed)).length > 0)
    throw new Invalid(`${field} cannot be the name of a resident's account`, field);
}
