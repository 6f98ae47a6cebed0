import { isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { files, users } from '../db/schema/index.ts';

/** The cheapest round trip that proves the database answers (readiness probe). */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Every upload file name a row still points at: chat files, their thumbnails, avatars. */
export async function referencedUploadNames(db: DbOrTx): Promise<Set<string>> {
  const [chat, avatars] = await Promise.all([
    db.select({ storageKey: files.storageKey, thumbnailKey: files.thumbnailKey }).from(files),
    db.select({ avatar: users.avatar }).from(users).where(isNotNull(users.avatar)),
  ]);
  const names = new Set<string>();
  for (const row of chat) {
    names.add(row.storageKey);
    if (row.thumbnailKey) names.add(row.thumbnailKey);
  }
  for (const row of avatars) if (row.avatar) names.add(row.avatar);
  return names;
}
