import { createHmac, timingSafeEqual } from 'node:crypto';
import { wantsPush, type NoticeKind, type NotificationSettings } from '@stoop/shared';
import type { Context } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import type { UserRow } from '../db/schema/index.ts';
import { Invalid } from '../errors.ts';
import { findUser } from '../users/service.ts';
import * as repo from './repo.ts';
import { isQuiet, settingsOf } from './rules.ts';

export { afterQuietHours, kindOf, nextDigestAt } from './rules.ts';

/** GET /api/notification-settings. */
export async function getSettings(ctx: Pick<Context, 'db'>, viewer: UserRow): Promise<NotificationSettings> {
  return settingsOf(await repo.findSettings(ctx.db, viewer.id));
}

/** PUT /api/notification-settings: replaces them whole. */
export async function putSettings(
  ctx: Pick<Context, 'db'>,
  viewer: UserRow,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  await repo.saveSettings(ctx.db, viewer.id, settings);
  return getSettings(ctx, viewer);
}

/** Several residents' settings at once (the mail round). */
export async function settingsOfUsers(
  db: DbOrTx,
  userIds: string[],
): Promise<Map<string, NotificationSettings>> {
  const rows = await repo.findSettingsOf(db, userIds);
  const found = new Map(rows.map((row) => [row.userId, settingsOf(row)]));
  return new Map(userIds.map((id) => [id, found.get(id) ?? settingsOf(undefined)]));
}

/**
 * R-REACH-5: whether a push of this kind may go to the resident now: their channel for it includes
 * push, and it is not their quiet hours (an urgent announcement passes them).
 */
export async function allowsPush(db: DbOrTx, userId: string, kind: NoticeKind, now: Date): Promise<boolean> {
  const settings = settingsOf(await repo.findSettings(db, userId));
  if (!wantsPush(settings.channels[kind])) return false;
  return kind === 'urgent' || !isQuiet(settings, now);
}

// ---- one-click unsubscribe (RFC 8058) ------------------------------------------------

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');

/** The token of a mail's unsubscribe link: the resident's id, signed, so it works signed out. */
export function unsubscribeToken(secret: string, userId: string): string {
  return `${userId}.${sign(secret, userId)}`;
}

/** POST /api/unsubscribe: turns every kind's mail off for the token's resident. */
export async function unsubscribe(ctx: Pick<Context, 'db' | 'config'>, token: string): Promise<void> {
  const [userId = '', signature = ''] = token.split('.');
  const expected = Buffer.from(sign(ctx.config.SESSION_SECRET, userId));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new Invalid('This unsubscribe link is not valid', 'token');
  const user = await findUser(ctx.db, userId);
  if (!user) throw new Invalid('This unsubscribe link is not valid', 'token');
  const settings = settingsOf(await repo.findSettings(ctx.db, userId));
  const withoutMail = Object.fromEntries(
    Object.entries(settings.channels).map(([kind, channel]) => [
      kind,
      channel === 'both' ? 'push' : channel === 'mail' ? 'none' : channel,
    ]),
  ) as NotificationSettings['channels'];
  await repo.saveSettings(ctx.db, userId, { ...settings, channels: withoutMail, dailyDigest: false });
}
