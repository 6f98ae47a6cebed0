import { defaultUserMetadata } from '@stoop/shared';
import { hashPassword } from '../auth/password.ts';
import type { Context } from '../context.ts';
import type { UserRow } from '../db/schema/index.ts';
import { createUser, findUsersWithEmails } from '../users/service.ts';
import { seedChat } from './chat.ts';
import { seedBuilding } from './building.ts';
import { seedHistory } from './history.ts';
import { seedAnnouncements } from './news.ts';
import { DEMO_PASSWORD, DEMO_RESIDENTS } from './residents.ts';

/**
 * Seeds the demo community (`npm start -- --demo` or DEMO=1): the residents of seed/residents.ts
 * (one pending, one admin-locked), then the chat of seed/chat.ts, the announcements of
 * seed/news.ts and the poll and office requests of seed/building.ts, and then a month of history
 * (seed/history.ts: everyday lines and pictures, every message spread over 30 days). Idempotent: existing residents
 * (by email) are kept as they are, and each later step checks for itself whether it already ran.
 * To extend: add a seed/<area>.ts step taking (ctx, users) and call it at the end.
 */
export async function seedDemo(ctx: Context, options: { admin: UserRow }): Promise<{ residents: UserRow[] }> {
  const db = ctx.db;
  // Hashed only when a resident is missing: a restart of the demo on its own data folder loads no
  // argon2 and spends neither its time nor its 19 MiB on a hash nobody stores.
  let passwordHash: Promise<string> | undefined;
  const demoHash = () => (passwordHash ??= hashPassword(DEMO_PASSWORD));
  const residents: UserRow[] = [];
  // One query for all of them: on a restart every one exists.
  const found = await findUsersWithEmails(
    db,
    DEMO_RESIDENTS.map((resident) => resident.email),
  );
  const byEmail = new Map(found.map((user) => [user.email, user]));
  for (const resident of DEMO_RESIDENTS) {
    const existing = byEmail.get(resident.email.toLowerCase());
    residents.push(
      existing ??
        (await createUser(db, {
          email: resident.email,
          username: resident.username,
          description: resident.description,
          passwordHash: await demoHash(),
          metadata: { ...defaultUserMetadata(), ...resident.metadata },
          role: 'resident',
          isLocked: resident.lock !== undefined,
          lockReason: resident.lock ?? null,
        })),
    );
  }
  // The admin speaks first in the seeded chat (announcing the water shut-off, welcoming people).
  await seedChat(ctx, [options.admin, ...residents]);
  await seedAnnouncements(ctx, options.admin);
  await seedBuilding(ctx, [options.admin, ...residents]);
  // Last: spreads every message above over the past month.
  await seedHistory(ctx, [options.admin, ...residents]);
  return { residents };
}
