import type { Context } from '../context.ts';
import type { UserRow } from '../db/schema/index.ts';
import { createAnnouncement, listAnnouncements } from '../announcements/service.ts';
import { quietContext } from './quiet.ts';

/** The demo's notices, oldest first, in markdown as admins write them. */
const ANNOUNCEMENTS = [
  {
    title: 'Welcome to Maple Court on Stoop',
    body: 'This is where building news lands first.\n\n- Chat with neighbours in **#general**\n- Report repairs in **#maintenance**\n- Read the [house rules](https://example.com/maple-court/rules) any time',
    pinned: true,
    urgent: false,
  },
  {
    title: 'Water shut-off on Tuesday',
    body: 'The water will be **off from 9:00 to 12:00** on Tuesday while the riser valves are replaced.\n\nPlease fill a kettle beforehand.',
    pinned: false,
    urgent: true,
  },
  {
    title: 'Roof terrace reopens',
    body: 'The roof terrace is open again from *8 am to 10 pm*. Grills are back, bring your own charcoal.',
    pinned: false,
    urgent: false,
  },
];

/**
 * Posts the demo announcements as the admin, through the announcements service so audit and read
 * state are real. Does nothing when any announcement exists (the seed runs on every demo start).
 */
export async function seedAnnouncements(app: Context, admin: UserRow): Promise<void> {
  const ctx = quietContext(app);
  const existing = await listAnnouncements(ctx, admin, { page: 1, limit: 1 });
  if (existing.total > 0) return;
  for (const announcement of ANNOUNCEMENTS) await createAnnouncement(ctx, admin, announcement);
}
