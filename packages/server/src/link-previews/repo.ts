import { eq, lt } from 'drizzle-orm';
import type { LinkPreview } from '@stoop/shared';
import type { DbOrTx } from '../db/client.ts';
import { linkPreviews } from '../db/schema/index.ts';

/** The cached answer for a link, whatever its age; undefined when never fetched. */
export async function findCached(
  db: DbOrTx,
  url: string,
): Promise<{ preview: LinkPreview | null; fetchedAt: Date } | undefined> {
  const [row] = await db
    .select({ preview: linkPreviews.preview, fetchedAt: linkPreviews.fetchedAt })
    .from(linkPreviews)
    .where(eq(linkPreviews.url, url))
    .limit(1);
  return row;
}

/**
 * Keeps what a fetch of `url` gave (null: nothing usable), replacing an older answer; answers older
 * than `keepMs` (of other links) go, so the table holds about a day of links.
 */
export async function storeCached(
  db: DbOrTx,
  url: string,
  preview: LinkPreview | null,
  keepMs: number,
): Promise<void> {
  const fetchedAt = new Date();
  await db.delete(linkPreviews).where(lt(linkPreviews.fetchedAt, new Date(fetchedAt.getTime() - keepMs)));
  await db
    .insert(linkPreviews)
    .values({ url, preview, fetchedAt })
    .onConflictDoUpdate({ target: linkPreviews.url, set: { preview, fetchedAt } });
}
