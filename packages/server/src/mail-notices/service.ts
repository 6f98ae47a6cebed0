import { wantsMail, type NoticeKind, type NotificationSettings } from '@stoop/shared';
import { canRead } from '../access/index.ts';
import { recordDelivery } from '../announcements/service.ts';
import { publicUrl } from '../config.ts';
import type { Context } from '../context.ts';
import type { MailItemRow, UserRow } from '../db/schema/index.ts';
import { placeOf } from '../notifications/links.ts';
import {
  afterQuietHours,
  nextDigestAt,
  settingsOfUsers,
  unsubscribeToken,
} from '../notification-settings/service.ts';
import { findUsers } from '../users/service.ts';
import { composeMail, excerpt, type MailEntry } from './compose.ts';
import * as repo from './repo.ts';

/** What the mail notices need: the app's parts, and whether a resident has a socket open now. */
export type MailNoticeContext = Context & {
  isOnline(userId: string): Promise<boolean>;
};

/** A notice that may go out by mail: for whom, what kind, its source and where it opens. */
export type MailNotice = {
  userId: string;
  kind: NoticeKind;
  messageId?: string | null;
  announcementId?: string | null;
  notificationId?: string | null;
  text?: string | null;
  link: string;
  actorId?: string | null;
};

/** Where the settings screen is (the footer's link). */
const SETTINGS_PATH = '/account_settings/notifications';

/**
 * Queues notices for mail. Each waits the delay (urgent: the urgent delay), then joins
 * the resident's open window when one is due sooner, so a burst is one mail. Not urgent: moved past
 * quiet hours, or to the next digest for a resident who chose one. A kind
 * the resident wants no mail for is not queued.
 */
export async function queueMail(
  ctx: Pick<MailNoticeContext, 'db' | 'config'>,
  notices: MailNotice[],
  now = new Date(),
) {
  if (notices.length === 0) return 0;
  const userIds = [...new Set(notices.map((n) => n.userId))];
  const [settings, windows] = await Promise.all([
    settingsOfUsers(ctx.db, userIds),
    repo.openWindows(ctx.db, userIds, now),
  ]);
  const items = notices.flatMap((notice) => {
    const own = settings.get(notice.userId);
    if (!own || !wantsMail(own.channels[notice.kind])) return [];
    return [
      {
        userId: notice.userId,
        kind: notice.kind,
        messageId: notice.messageId ?? null,
        announcementId: notice.announcementId ?? null,
        notificationId: notice.notificationId ?? null,
        text: notice.text ?? null,
        link: notice.link,
        actorId: notice.actorId ?? null,
        dueAt: dueAt(ctx.config, own, notice.kind, now, windows.get(notice.userId)),
      },
    ];
  });
  const inserted = await repo.insertItems(ctx.db, items);
  // The window these items open (or joined) closes at `now` + the delay. A row due up to one delay
  // after that was queued before it closed: another instance's, whose clock ran ahead or which
  // inserted first, so neither saw the other's window. It belongs in this window too.
  const delayMs = ctx.config.EMAIL_NOTIFY_DELAY_SECONDS * 1000;
  const queuedWithin = new Date(now.getTime() + 2 * delayMs);
  await repo.alignWindows(ctx.db, [...new Set(items.map((i) => i.userId))], now, queuedWithin);
  return inserted;
}

function dueAt(
  config: MailNoticeContext['config'],
  settings: NotificationSettings,
  kind: NoticeKind,
  now: Date,
  openWindow: Date | undefined,
): Date {
  if (kind === 'urgent') return new Date(now.getTime() + config.EMAIL_NOTIFY_URGENT_DELAY_SECONDS * 1000);
  const afterDelay = new Date(now.getTime() + config.EMAIL_NOTIFY_DELAY_SECONDS * 1000);
  if (settings.dailyDigest) return nextDigestAt(settings, afterDelay);
  const due = openWindow && openWindow < afterDelay ? openWindow : afterDelay;
  return afterQuietHours(settings, due);
}

/** Residents per round, and how long a claim holds before another instance may take the items. */
const USERS_PER_ROUND = 100;
const LEASE_MS = 5 * 60_000;
/** Mails sent at once within a round. */
const PARALLEL_MAILS = 8;

/**
 * One round: claims the due items, groups them per resident and mails each resident once
 * with whatever is still unread and readable. Answers how many mails went out; loops while rounds
 * come back full.
 */
export async function sendDueMail(ctx: MailNoticeContext, now = () => new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const claimed = await repo.claimDue(ctx.db, now(), LEASE_MS, USERS_PER_ROUND);
    if (claimed.length === 0) return sent;
    const byUser = new Map<string, MailItemRow[]>();
    for (const item of claimed) byUser.set(item.userId, [...(byUser.get(item.userId) ?? []), item]);
    const [users, settings] = await Promise.all([
      findUsers(ctx.db, [...byUser.keys()]),
      settingsOfUsers(ctx.db, [...byUser.keys()]),
    ]);
    const usersById = new Map(users.map((u) => [u.id, u]));
    const queue = [...byUser.entries()];
    await Promise.all(
      Array.from({ length: PARALLEL_MAILS }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const [userId, items] = next;
          const user = usersById.get(userId);
          const own = settings.get(userId);
          if (await mailOne(ctx, user, own, items, now())) sent += 1;
        }
      }),
    );
    if (new Set(claimed.map((c) => c.userId)).size < USERS_PER_ROUND) return sent;
  }
}

/** One resident's claimed items: checked, then one mail or none. Answers whether a mail went out. */
async function mailOne(
  ctx: MailNoticeContext,
  user: UserRow | undefined,
  settings: NotificationSettings | undefined,
  items: MailItemRow[],
  now: Date,
): Promise<boolean> {
  const ids = (list: MailItemRow[]) => list.map((i) => i.id);
  if (!user || user.isLocked || !settings) {
    await repo.finishItems(ctx.db, ids(items), now, 'account');
    return false;
  }
  const unwanted = items.filter((i) => !wantsMail(settings.channels[i.kind]));
  await repo.finishItems(ctx.db, ids(unwanted), now, 'settings');
  let wanted = items.filter((i) => wantsMail(settings.channels[i.kind]));
  // Quiet hours began after it was queued: what is not urgent waits for their end.
  const resume = afterQuietHours(settings, now);
  if (resume.getTime() !== now.getTime()) {
    const waiting = wanted.filter((i) => i.kind !== 'urgent');
    await repo.postponeItems(ctx.db, ids(waiting), resume);
    wanted = wanted.filter((i) => i.kind === 'urgent');
  }
  if (wanted.length === 0) return false;
  // A socket open: the app shows it (and the banner, for an urgent one).
  if (await ctx.isOnline(user.id)) {
    await repo.finishItems(ctx.db, ids(wanted), now, 'online');
    return false;
  }
  const { entries, dropped } = await entriesFor(ctx, user, wanted);
  await repo.finishItems(ctx.db, dropped, now, 'read or gone');
  if (entries.length === 0) return false;
  const base = publicUrl(ctx.config);
  const token = unsubscribeToken(ctx.config.SESSION_SECRET, user.id);
  // RFC 8058: the header's address takes the one-click POST; the footer's opens a page that asks.
  const unsubscribeUrl = `${base}/api/unsubscribe?token=${token}`;
  const mail = composeMail(
    entries.map((e) => e.entry),
    ctx.config.COMMUNITY_NAME,
    {
      settingsUrl: `${base}${SETTINGS_PATH}`,
      unsubscribeUrl: `${base}/unsubscribe?token=${token}`,
    },
  );
  try {
    await ctx.mailer.send({
      to: user.email,
      fromName: ctx.config.COMMUNITY_NAME,
      ...mail,
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  } catch (error) {
    // The lease is given back: the next round tries again.
    await repo.releaseItems(
      ctx.db,
      entries.map((e) => e.itemId),
    );
    throw error;
  }
  await repo.finishItems(
    ctx.db,
    entries.map((e) => e.itemId),
    new Date(),
    null,
  );
  for (const e of entries) if (e.announcementId) await recordDelivery(ctx, e.announcementId, user.id, 'mail');
  return true;
}

type Entry = { itemId: string; entry: MailEntry; announcementId: string | null; at: number };

/**
 * The items still worth a mail, as entries in time order; `dropped`: read in the meantime (on any
 * device), deleted, hidden, muted, or no longer readable by this resident.
 */
async function entriesFor(ctx: MailNoticeContext, user: UserRow, items: MailItemRow[]) {
  const base = publicUrl(ctx.config);
  const pick = <K extends 'messageId' | 'announcementId' | 'notificationId'>(key: K) => [
    ...new Set(items.flatMap((i) => (i[key] ? [i[key]] : []))),
  ];
  const [messageRows, announcementRows, notificationRows] = await Promise.all([
    repo.messageFacts(ctx.db, user.id, pick('messageId')),
    repo.announcementFacts(ctx.db, user.id, pick('announcementId')),
    repo.notificationFacts(ctx.db, user.id, pick('notificationId')),
  ]);
  const messagesById = new Map(messageRows.map((m) => [m.id, m]));
  const announcementsById = new Map(announcementRows.map((a) => [a.id, a]));
  const notificationsById = new Map(notificationRows.map((n) => [n.id, n]));
  const entries: Entry[] = [];
  const dropped: string[] = [];
  for (const item of items) {
    const notification = item.notificationId ? notificationsById.get(item.notificationId) : undefined;
    if (item.notificationId && (!notification || notification.read)) {
      dropped.push(item.id);
      continue;
    }
    if (item.messageId) {
      const m = messagesById.get(item.messageId);
      const readable =
        m &&
        !m.deletedAt &&
        !m.adminHidden &&
        !m.muted &&
        canRead(m.conversation, user, m.participant) &&
        !(m.participant && (m.lastReadSeq ?? 0) >= m.createdSeq);
      if (!m || !readable) {
        dropped.push(item.id);
        continue;
      }
      const who = m.authorName ?? 'Someone';
      const heading =
        m.conversation.type === 'direct'
          ? `${who} sent you a message`
          : `${who} in ${placeOf(m.conversation)}`;
      entries.push({
        itemId: item.id,
        announcementId: null,
        at: m.createdAt.getTime(),
        entry: {
          kind: 'message',
          from: who,
          heading,
          text: excerpt(m.content) || 'Sent a file',
          url: base + item.link,
          urgent: false,
        },
      });
      continue;
    }
    if (item.announcementId) {
      const a = announcementsById.get(item.announcementId);
      if (!a || !a.sentAt || a.seen) {
        dropped.push(item.id);
        continue;
      }
      entries.push({
        itemId: item.id,
        announcementId: a.id,
        at: a.sentAt.getTime(),
        entry: {
          kind: 'announcement',
          from: a.authorName,
          heading: `${a.urgent ? 'Urgent announcement' : 'Announcement'}: ${a.title}`,
          text: excerpt(a.body),
          url: base + item.link,
          urgent: a.urgent,
        },
      });
      continue;
    }
    const conversation = notification?.conversation;
    if (conversation?.type && !canRead(conversation, user, notification?.participant ?? false)) {
      dropped.push(item.id);
      continue;
    }
    entries.push({
      itemId: item.id,
      announcementId: null,
      at: item.createdAt.getTime(),
      entry: {
        kind: 'notice',
        from: null,
        heading: item.text ?? 'A new notification',
        text: '',
        url: base + item.link,
        urgent: false,
      },
    });
  }
  entries.sort((a, b) => Number(b.entry.urgent) - Number(a.entry.urgent) || a.at - b.at);
  return { entries, dropped };
}
