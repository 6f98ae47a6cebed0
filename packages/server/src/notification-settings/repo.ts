import { eq, inArray } from 'drizzle-orm';
import type { NotificationSettings } from '@stoop/shared';
import type { DbOrTx } from '../db/client.ts';
import { notificationSettings, type NotificationSettingsRow } from '../db/schema/index.ts';

export async function findSettings(db: DbOrTx, userId: string): Promise<NotificationSettingsRow | undefined> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row;
}

export async function findSettingsOf(db: DbOrTx, userIds: string[]): Promise<NotificationSettingsRow[]> {
  if (userIds.length === 0) return [];
  return db.select().from(notificationSettings).where(inArray(notificationSettings.userId, userIds));
}

export async function saveSettings(
  db: DbOrTx,
  userId: string,
  settings: NotificationSettings,
): Promise<void> {
  const values = {
    channels: settings.channels,
    dailyDigest: settings.dailyDigest,
    quietStart: settings.quietHours?.start ?? null,
    quietEnd: settings.quietHours?.end ?? null,
    timeZone: settings.timeZone,
    updatedAt: new Date(),
  };
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
}
