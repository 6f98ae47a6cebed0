import type { ImportSender } from '@stoop/shared';
import type { DbOrTx } from '../db/client.ts';
import type { UserRow } from '../db/schema/index.ts';
import { Invalid } from '../errors.ts';
import { findUsers, listAccounts } from '../users/service.ts';
import type { Entry } from './parse.ts';

/** A building's residents, read once per import to match names (a building has hundreds, not more). */
const MAX_RESIDENTS = 20_000;

/** Names compare without case, accents' composition or repeated spaces ("Priya  S." = "priya s."). */
const normal = (name: string) => name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** The export's senders with how many messages each wrote, most first. */
export function sendersOf(entries: Entry[]): { name: string; messages: number }[] {
  const counts = new Map<string, number>();
  for (const entry of entries) {
    if (entry.sender !== null && entry.kind === 'message')
      counts.set(entry.sender, (counts.get(entry.sender) ?? 0) + 1);
  }
  return [...counts].map(([name, messages]) => ({ name, messages })).sort((a, b) => b.messages - a.messages);
}

/**
 * The resident each sender becomes. The admin's mapping wins (userId null: keep the
 * WhatsApp name); the others match an approved resident of the same name, unless two share it.
 */
export async function matchSenders(
  db: DbOrTx,
  names: string[],
  mapping: ImportSender[] = [],
): Promise<Map<string, UserRow | null>> {
  const residents = await listAccounts(db, { status: 'unlocked', limit: MAX_RESIDENTS });
  const byName = new Map<string, UserRow | null>();
  for (const resident of residents) {
    const key = normal(resident.username);
    byName.set(key, byName.has(key) ? null : resident);
  }
  const chosenIds = [...new Set(mapping.flatMap((m) => (m.userId ? [m.userId] : [])))];
  const chosen = new Map((await findUsers(db, chosenIds)).map((user) => [user.id, user]));
  const missing = chosenIds.find((id) => !chosen.has(id));
  if (missing) throw new Invalid(`senders: no resident has the id ${missing}`, 'senders');
  const mapped = new Map(mapping.map((m) => [m.name, m.userId ? (chosen.get(m.userId) ?? null) : null]));
  return new Map(
    names.map((name) => [
      name,
      mapped.has(name) ? (mapped.get(name) ?? null) : (byName.get(normal(name)) ?? null),
    ]),
  );
}
