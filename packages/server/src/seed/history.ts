import { stat } from 'node:fs/promises';
import type { Context } from '../context.ts';
import { channelByName } from '../conversations/service.ts';
import type { UserRow } from '../db/schema/index.ts';
import { sendMessage } from '../messages/service.ts';
import { incomingPath } from '../files/storage.ts';
import { loadSharp } from '../files/sharp.ts';
import { quietContext } from './quiet.ts';
import { hasHistory, spreadOverDays } from './repo.ts';

/** How far back the demo's chat reaches (R-OPS-4). */
const HISTORY_DAYS = 30;

/** Everyday lines for #general, spread over the month between the scripted conversations. */
const EVERYDAY = [
  'Morning all! The lobby plants got watered.',
  'Has anyone seen a grey umbrella? Left it by the mailboxes.',
  'The lift is making that noise again, reported it in #maintenance.',
  'Farmers market is on today, great peaches.',
  'Reminder: recycling goes out tonight.',
  'Thanks to whoever fixed the bike rack!',
  'Quiet hours start at 10, the party on 4 is loud tonight.',
  'Parcel for 3B is at my door, come grab it.',
  'Lovely sunset from the roof right now.',
  'Anyone up for a running group on Sunday mornings?',
  'The laundry room dryer #2 is back in service.',
  'Heads up: the front door is not closing properly.',
];

/** Pictures for the demo, drawn here (no files in the repository): name, size, colour. */
const PICTURES = [
  ['courtyard-in-bloom.png', 1200, 800, '#7fb069'],
  ['new-bike-rack.png', 900, 1200, '#6c8ead'],
  ['rooftop-sunset.png', 1600, 700, '#e88d67'],
] as const;

async function pictureUpload(uploadDir: string, width: number, height: number, colour: string) {
  const sharp = await loadSharp();
  const path = await incomingPath(uploadDir);
  await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toFile(path);
  return { path, width, height };
}

/**
 * R-OPS-4: a month of history. Adds everyday lines and a few pictures to #general, then spreads
 * every message of the demo over the last HISTORY_DAYS days in the order they were sent (each
 * between 7:00 and 22:00, threads after their message), so statistics, search and scrolling show a
 * building that has lived on Stoop for a while. Does nothing once any message is older than a day.
 */
export async function seedHistory(app: Context, users: UserRow[]): Promise<void> {
  const people = users.filter((u) => !u.isLocked);
  if (people.length < 2) return;
  const ctx = quietContext(app);
  const db = ctx.db;
  if (await hasHistory(db)) return;
  const general = await channelByName(db, 'general');
  if (!general) return;
  const who = (index: number) => people[index % people.length] as UserRow;

  for (const [index, line] of EVERYDAY.entries())
    await sendMessage(ctx, who(index + 1), general.id, { content: line }, undefined);
  for (const [index, [fileName, width, height, colour]] of PICTURES.entries()) {
    const picture = await pictureUpload(ctx.config.UPLOAD_DIR, width, height, colour);
    const { size } = await stat(picture.path);
    await sendMessage(
      ctx,
      who(index + 2),
      general.id,
      { content: '' },
      {
        fieldName: 'file',
        fileName,
        path: picture.path,
        size,
      },
    );
  }

  await spreadOverDays(db, HISTORY_DAYS);
}
