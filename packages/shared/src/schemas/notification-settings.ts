import { z } from 'zod';

/**
 * The kinds of notice a resident sets a channel for. `mentions` covers mentions and
 * replies to their threads; `urgent` is urgent announcements, which also pass quiet hours.
 */
export type NoticeKind = 'direct' | 'mentions' | 'announcements' | 'urgent' | 'requests' | 'events';

/** How a kind reaches the resident besides the app itself. */
const NOTICE_CHANNELS = ['both', 'push', 'mail', 'none'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

const channelSchema = z.enum(NOTICE_CHANNELS, `must be one of ${NOTICE_CHANNELS.join(', ')}`);
const clockSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day as HH:MM (24 hours)');
const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone such as Europe/Berlin');

const noticeChannelsSchema = z.object({
  direct: channelSchema,
  mentions: channelSchema,
  announcements: channelSchema,
  urgent: channelSchema,
  requests: channelSchema,
  events: channelSchema,
});
export type NoticeChannels = z.infer<typeof noticeChannelsSchema>;

/** GET/PUT /api/notification-settings. */
export const notificationSettingsSchema = z.object({
  channels: noticeChannelsSchema,
  /** Mail that is not urgent comes once a day, at EMAIL_DIGEST_HOUR, instead of after the delay. */
  dailyDigest: z.boolean(),
  /** No push or mail between `start` and `end` (urgent announcements excepted); null: none. */
  quietHours: z.object({ start: clockSchema, end: clockSchema }).nullable(),
  /** Where quiet hours and the digest hour are read. */
  timeZone: timeZoneSchema,
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** What a resident has before changing anything: everything by push and mail, no quiet hours. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  channels: {
    direct: 'both',
    mentions: 'both',
    announcements: 'both',
    urgent: 'both',
    requests: 'both',
    events: 'push',
  },
  dailyDigest: false,
  quietHours: null,
  timeZone: 'UTC',
};

export const notificationSettingsResponseSchema = z.object({ settings: notificationSettingsSchema });

/** POST /api/notification-settings/unsubscribe: the signed token of a mail's link (no session). */
export const unsubscribeQuerySchema = z.object({
  token: z.string().min(10, 'token is missing or cut off').max(400, 'token is too long'),
});
export const unsubscribeResponseSchema = z.object({ unsubscribed: z.literal(true) });

/** Whether a channel includes push / mail. */
export const wantsPush = (channel: NoticeChannel) => channel === 'both' || channel === 'push';
export const wantsMail = (channel: NoticeChannel) => channel === 'both' || channel === 'mail';
