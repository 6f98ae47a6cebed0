import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { LinkPreview } from '@stoop/shared';

/**
 * What a link's page gave, kept a day (LINK_PREVIEW_CACHE_MS) so the same link in many
 * messages is fetched once. `preview` is null when the page gave nothing usable or could not be
 * fetched, so a dead link is not asked again within the day either.
 */
export const linkPreviews = pgTable('link_previews', {
  url: text('url').primaryKey(),
  preview: jsonb('preview').$type<LinkPreview>(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
