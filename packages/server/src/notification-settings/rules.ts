import {
  DEFAULT_NOTIFICATION_SETTINGS,
  EMAIL_DIGEST_HOUR,
  type NoticeKind,
  type NotificationSettings,
} from '@stoop/shared';
import type { NotificationSettingsRow } from '../db/schema/index.ts';

/** A stored row as settings; no row: the defaults. */
export function settingsOf(row: NotificationSettingsRow | undefined): NotificationSettings {
  if (!row) return DEFAULT_NOTIFICATION_SETTINGS;
  return {
    // Kinds added after the row was written take their default.
    channels: { ...DEFAULT_NOTIFICATION_SETTINGS.channels, ...row.channels },
    dailyDigest: row.dailyDigest,
    quietHours: row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null,
    timeZone: row.timeZone,
  };
}

/** Minutes since midnight of `at` in `timeZone`. */
function minutesIn(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

const clockMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Minutes from `from` forward to the clock time `to` (0 to 1439), on a 24-hour dial. */
const minutesUntil = (from: number, to: number) => (to - from + 1440) % 1440;

/**
 * When something not urgent may reach the resident: `at` itself, or the end of their
 * quiet hours when `at` falls inside them (a window may run past midnight, 22:00–07:00).
 */
export function afterQuietHours(settings: NotificationSettings, at: Date): Date {
  const quiet = settings.quietHours;
  if (!quiet || quiet.start === quiet.end) return at;
  const now = minutesIn(at, settings.timeZone);
  const start = clockMinutes(quiet.start);
  const end = clockMinutes(quiet.end);
  const inside = start < end ? now >= start && now < end : now >= start || now < end;
  if (!inside) return at;
  const wait = minutesUntil(now, end);
  return new Date(Math.floor(at.getTime() / 60_000) * 60_000 + wait * 60_000);
}

/** Whether `at` lies in the resident's quiet hours. */
export const isQuiet = (settings: NotificationSettings, at: Date) =>
  afterQuietHours(settings, at).getTime() !== at.getTime();

/** The next digest time (EMAIL_DIGEST_HOUR in their time zone) at or after `at`. */
export function nextDigestAt(settings: NotificationSettings, at: Date): Date {
  const now = minutesIn(at, settings.timeZone);
  const wait = minutesUntil(now, EMAIL_DIGEST_HOUR * 60);
  return new Date(Math.floor(at.getTime() / 60_000) * 60_000 + wait * 60_000);
}

/** The setting a notice is judged by. */
export function kindOf(type: string, urgent: boolean): NoticeKind | null {
  switch (type) {
    case 'direct':
      return 'direct';
    case 'mention':
    case 'reply':
      return 'mentions';
    case 'announcement':
      return urgent ? 'urgent' : 'announcements';
    case 'request':
      return 'requests';
    case 'event':
      return 'events';
    default:
      return null;
  }
}
