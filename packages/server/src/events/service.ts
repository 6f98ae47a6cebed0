import { validate as isUuid } from 'uuid';
import {
  EVENTS_LIST_MAX,
  EVENTS_RANGE_MAX_DAYS,
  EVENT_DEFAULT_MINUTES,
  EVENT_REMINDER_LEAD_MINUTES,
  type CreateEventBody,
  type EventsQuery,
  type EventView,
  type MessageBot,
  type RsvpBody,
  type UpdateEventBody,
} from '@stoop/shared';
import {
  EVENT_CANCELLED,
  findConversationAccess,
  readableConversationIds,
  requireConversationAccess,
  requireEventChange,
  type AccessMode,
} from '../access/index.ts';
import { WEB_PATHS } from '@stoop/shared/web-paths';
import { hmac, randomToken, sha256 } from '../auth/crypto.ts';
import type { Context } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import type { EventRow, UserRow } from '../db/schema/index.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import { retitleEventMessage, sendMessage } from '../messages/service.ts';
import { notifyEventChange, notifyEventReminder } from '../notifications/service.ts';
import { inTransaction } from '../transaction.ts';
import { findUser } from '../users/service.ts';
import { icsCalendar, icsFileName, type IcsEvent } from './ics.ts';
import { presentEvent, viewFor } from './present.ts';
import * as repo from './repo.ts';

/** What the event services need: the chat services' context, the secret and the public address. */

const EVENT_NOT_FOUND = 'Event not found';
const EVENT_OVER = 'This event is over and takes no more answers';
const FEED_NOT_FOUND = 'Calendar feed not found';
const DAY_MS = 24 * 3600_000;
/** The calendar feed keeps events that ended up to this long ago. */
const FEED_PAST_MS = 30 * DAY_MS;

const eventLink = WEB_PATHS.event;

/**
 * POST /api/events: any approved resident creates an event; the creator is
 * going. Posted into a conversation it needs write access there, and its card goes through the
 * ordinary send path with the event's id; should that send be refused, the event goes again.
 */
export async function createEvent(ctx: Context, user: UserRow, body: CreateEventBody): Promise<EventView> {
  const conversationId = body.conversationId ?? null;
  if (conversationId) await requireConversationAccess(ctx.db, user, conversationId, 'write');
  const row = await inTransaction(ctx, async (tx) => {
    const inserted = await repo.insertEvent(tx, {
      conversationId,
      createdBy: user.id,
      title: body.title,
      startsAt: new Date(body.startsAt),
      endsAt: new Date(body.endsAt),
      location: body.location,
      description: body.description,
    });
    await repo.upsertRsvp(tx, inserted.id, user.id, 'going');
    return inserted;
  });
  if (conversationId) {
    try {
      await sendMessage(ctx, user, conversationId, { content: row.title, eventId: row.id }, undefined);
    } catch (error) {
      await repo.deleteEvent(ctx.db, row.id);
      throw error;
    }
  }
  return viewFor(await tallied(ctx.db, row), 'going', user);
}

/** GET /api/events: what the viewer may see overlapping the range, by start. */
export async function listEvents(ctx: Context, user: UserRow, query: EventsQuery): Promise<EventView[]> {
  const from = query.from ? new Date(query.from) : new Date();
  const to = query.to ? new Date(query.to) : new Date(from.getTime() + EVENTS_RANGE_MAX_DAYS * DAY_MS);
  const readable = await readableConversationIds(ctx.db, user);
  const rows = await repo.listVisible(ctx.db, readable, { from, to }, EVENTS_LIST_MAX);
  const ids = rows.map((r) => r.id);
  const [counted, mine] = await Promise.all([repo.tallies(ctx.db, ids), repo.rsvpsOf(ctx.db, user.id, ids)]);
  return rows.map((row) =>
    viewFor(presentEvent(row, counted.get(row.id) ?? repo.emptyTally()), mine.get(row.id), user),
  );
}

/** GET /api/events/{id}: to those who may read its conversation, else 404. */
export async function getEvent(ctx: Context, user: UserRow, id: string): Promise<EventView> {
  const row = await accessibleEvent(ctx.db, user, id, 'read');
  const [event, mine] = await Promise.all([tallied(ctx.db, row), repo.rsvpsOf(ctx.db, user.id, [row.id])]);
  return viewFor(event, mine.get(row.id), user);
}

/**
 * POST /api/events/{id}/rsvp: the answer replaces the resident's earlier
 * one until the event ends; the conversation gets the new counts (event:updated) after commit.
 */
export async function rsvp(ctx: Context, user: UserRow, id: string, body: RsvpBody): Promise<EventView> {
  const row = await accessibleEvent(ctx.db, user, id, 'write');
  if (row.cancelledAt) throw new Conflict(EVENT_CANCELLED);
  if (row.endsAt.getTime() <= Date.now()) throw new Conflict(EVENT_OVER);
  const event = await inTransaction(ctx, async (tx, events) => {
    await repo.upsertRsvp(tx, row.id, user.id, body.status);
    const counted = await tallied(tx, row);
    if (row.conversationId) events.publish('event:updated', { event: counted });
    return counted;
  });
  return viewFor(event, body.status, user);
}

/**
 * PATCH /api/events/{id} (R-EVENT-12): its creator, or an admin who may see it, changes
 * it. A new start forgets the reminders already sent, so the reminder follows the new start; the
 * change goes live after commit and those going or maybe are told.
 */
export async function updateEvent(
  ctx: Context,
  user: UserRow,
  id: string,
  body: UpdateEventBody,
): Promise<EventView> {
  const row = await changeableEvent(ctx.db, user, id);
  const patch: repo.EventPatch = {};
  if (body.title !== undefined) patch.title = body.title;
  if (body.location !== undefined) patch.location = body.location;
  if (body.description !== undefined) patch.description = body.description;
  if (body.startsAt !== undefined) patch.startsAt = new Date(body.startsAt);
  if (body.endsAt !== undefined) patch.endsAt = new Date(body.endsAt);
  const startsAt = patch.startsAt ?? row.startsAt;
  const endsAt = patch.endsAt ?? row.endsAt;
  if (endsAt.getTime() <= startsAt.getTime()) throw new Invalid('endsAt must be after startsAt', 'endsAt');
  const moved = startsAt.getTime() !== row.startsAt.getTime();
  const event = await inTransaction(ctx, async (tx, events) => {
    const updated = await repo.updateEvent(tx, row.id, patch);
    if (!updated) throw new Conflict(EVENT_CANCELLED);
    if (moved) await repo.clearReminders(tx, row.id);
    const presented = await tallied(tx, updated);
    events.publish('event:updated', { event: presented });
    return presented;
  });
  if (patch.title !== undefined && row.conversationId) await retitleEventMessage(ctx, row.id, patch.title);
  await tellAttendees(ctx, user, event, 'updated');
  return viewFor(event, (await repo.rsvpsOf(ctx.db, user.id, [row.id])).get(row.id), user);
}

/**
 * DELETE /api/events/{id} (R-EVENT-12): its creator, or an admin who may see it,
 * cancels it. The row stays (its card says "Cancelled"); it leaves the lists and gets no reminder.
 */
export async function cancelEvent(ctx: Context, user: UserRow, id: string): Promise<EventView> {
  const row = await changeableEvent(ctx.db, user, id);
  const event = await inTransaction(ctx, async (tx, events) => {
    const cancelled = await repo.cancelEvent(tx, row.id);
    if (!cancelled) throw new Conflict(EVENT_CANCELLED);
    const presented = await tallied(tx, cancelled);
    events.publish('event:updated', { event: presented });
    return presented;
  });
  await tellAttendees(ctx, user, event, 'cancelled');
  return viewFor(event, (await repo.rsvpsOf(ctx.db, user.id, [row.id])).get(row.id), user);
}

/** The event if `user` may change it: visible to them (else 404), theirs or they are an admin (else 403). */
async function changeableEvent(db: DbOrTx, user: UserRow, id: string): Promise<EventRow> {
  const row = await accessibleEvent(db, user, id, 'read');
  requireEventChange(user, row);
  return row;
}

/** R-EVENT-12: those going or maybe, but the one who changed it, are told (notification and push). */
async function tellAttendees(
  ctx: Context,
  actor: UserRow,
  event: { id: string; title: string; conversationId: string | null },
  change: 'updated' | 'cancelled',
): Promise<void> {
  const ids = (await repo.attendeeIds(ctx.db, event.id)).filter((userId) => userId !== actor.id);
  await notifyEventChange(ctx, { ...event, link: eventLink(event.id) }, change, ids, actor);
}

/** GET /api/events/{id}.ics: the event as a calendar file, to those who may see it. */
export async function eventIcs(
  ctx: Context,
  user: UserRow,
  id: string,
): Promise<{ body: string; fileName: string }> {
  const row = await accessibleEvent(ctx.db, user, id, 'read');
  return {
    body: icsCalendar([icsEventOf(ctx, row)], { host: hostOf(ctx) }),
    fileName: icsFileName(row.title),
  };
}

// ---- calendar feed ----

/** The token is derived, not stored: HMAC of the resident and the feed's salt under SESSION_SECRET. */
const feedToken = (ctx: Context, userId: string, salt: string) =>
  hmac(ctx.config.SESSION_SECRET, `calendar-feed:${userId}:${salt}`);

const feedUrl = (origin: string, token: string) => `${origin}/api/calendar/${token}.ics`;

/** GET /api/calendar/feed-url: the resident's feed address, made on the first call. */
export async function calendarFeedUrl(ctx: Context, user: UserRow, origin: string): Promise<string> {
  let feed = await repo.findFeed(ctx.db, user.id);
  if (!feed) {
    const salt = randomToken();
    await repo.insertFeedIfMissing(ctx.db, {
      userId: user.id,
      salt,
      tokenHash: sha256(feedToken(ctx, user.id, salt)),
    });
    feed = await repo.findFeed(ctx.db, user.id);
    if (!feed) throw new Error('calendar feed missing after insert');
  }
  return feedUrl(origin, feedToken(ctx, user.id, feed.salt));
}

/** POST /api/calendar/feed-url: a new address; the old one answers 404 from now on. */
export async function rotateCalendarFeed(ctx: Context, user: UserRow, origin: string): Promise<string> {
  const salt = randomToken();
  const token = feedToken(ctx, user.id, salt);
  await repo.replaceFeed(ctx.db, { userId: user.id, salt, tokenHash: sha256(token) });
  return feedUrl(origin, token);
}

/**
 * GET /api/calendar/{token}.ics: the events the resident answered going or maybe to and may still
 * see (ended at most 30 days ago). A wrong or replaced token, or a locked account, is a 404.
 */
export async function calendarFeed(ctx: Context, token: string): Promise<string> {
  const feed = await repo.findFeedByTokenHash(ctx.db, sha256(token));
  const user = feed ? await findUser(ctx.db, feed.userId) : undefined;
  if (!feed || !user || user.isLocked) throw new NotFound(FEED_NOT_FOUND);
  const [rows, readable] = await Promise.all([
    repo.listAnswered(ctx.db, user.id, new Date(Date.now() - FEED_PAST_MS), EVENTS_LIST_MAX),
    readableConversationIds(ctx.db, user),
  ]);
  const visible = new Set(readable);
  const shown = rows.filter((row) => row.conversationId === null || visible.has(row.conversationId));
  return icsCalendar(
    shown.map((row) => icsEventOf(ctx, row)),
    { host: hostOf(ctx), name: 'Stoop events' },
  );
}

// ---- reminders ----

const REMINDER_LEAD_MS = EVENT_REMINDER_LEAD_MINUTES * 60_000;

/**
 * Sends the reminders due at `now`: each is claimed by a row first (repo.claimDueReminders), so
 * none goes twice, whichever instance or restart gets to it. A resident who can no longer see the
 * event is skipped. Answers how many were sent.
 */
export async function sendDueReminders(ctx: Context, now = new Date()): Promise<number> {
  const claimed = await inTransaction(ctx, (tx) => repo.claimDueReminders(tx, now, REMINDER_LEAD_MS));
  if (claimed.length === 0) return 0;
  const rows = await repo.findEvents(ctx.db, [...new Set(claimed.map((c) => c.eventId))]);
  let sent = 0;
  for (const row of rows) {
    const recipients: string[] = [];
    for (const { userId } of claimed.filter((c) => c.eventId === row.id)) {
      const user = await findUser(ctx.db, userId);
      if (user && (await mayRead(ctx.db, user, row))) recipients.push(userId);
    }
    await notifyEventReminder(ctx, { ...row, link: eventLink(row.id) }, recipients, now);
    sent += recipients.length;
  }
  return sent;
}

// ---- iCal sources ----

/** What an iCal VEVENT gives (integrations/parse-feed.ts FeedEvent). */
type SourcedEvent = {
  uid: string;
  title: string;
  startsAt: Date;
  endsAt: Date | null;
  location: string;
  description: string;
};

/**
 * An iCal source's VEVENT becomes an event in the source's channel, once per UID: the first time
 * it is seen the event is stored and its card posted as the source; later fetches change nothing.
 * Answers false when the UID was known already.
 */
export async function createSourcedEvent(
  ctx: Context,
  owner: UserRow,
  source: { integrationId: string; conversationId: string; bot: MessageBot; clientMessageId: string },
  item: SourcedEvent,
): Promise<boolean> {
  const endsAt =
    item.endsAt && item.endsAt.getTime() > item.startsAt.getTime()
      ? item.endsAt
      : new Date(item.startsAt.getTime() + EVENT_DEFAULT_MINUTES * 60_000);
  const row = await repo.insertSourcedEvent(ctx.db, {
    conversationId: source.conversationId,
    createdBy: owner.id,
    title: item.title,
    startsAt: item.startsAt,
    endsAt,
    location: item.location,
    description: item.description,
    integrationId: source.integrationId,
    sourceUid: item.uid,
  });
  if (!row) return false;
  try {
    await sendMessage(
      ctx,
      owner,
      source.conversationId,
      { content: row.title, eventId: row.id, bot: source.bot, clientMessageId: source.clientMessageId },
      undefined,
    );
  } catch (error) {
    await repo.deleteEvent(ctx.db, row.id);
    throw error;
  }
  return true;
}

// ---- helpers ----

async function tallied(db: DbOrTx, row: EventRow) {
  const counted = await repo.tallies(db, [row.id]);
  return presentEvent(row, counted.get(row.id) ?? repo.emptyTally());
}

async function mayRead(db: DbOrTx, user: UserRow, row: EventRow): Promise<boolean> {
  if (user.isLocked) return false;
  if (!row.conversationId) return true;
  return (await findConversationAccess(db, user, row.conversationId, 'read')) !== undefined;
}

/**
 * The event if the viewer may `mode` it: a building-wide event is every approved resident's, one in
 * a conversation follows that conversation's rule. Anything else is 404, so a direct conversation's
 * event never leaks, not even to admins.
 */
async function accessibleEvent(db: DbOrTx, user: UserRow, id: string, mode: AccessMode): Promise<EventRow> {
  const row = isUuid(id) ? await repo.findEvent(db, id) : undefined;
  if (!row) throw new NotFound(EVENT_NOT_FOUND);
  if (!row.conversationId) return row;
  await requireConversationAccess(db, user, row.conversationId, mode, () => new NotFound(EVENT_NOT_FOUND));
  return row;
}

function hostOf(ctx: Context): string {
  try {
    return ctx.config.PUBLIC_URL ? new URL(ctx.config.PUBLIC_URL).host : 'stoop.local';
  } catch {
    return 'stoop.local';
  }
}

function icsEventOf(ctx: Context, row: EventRow): IcsEvent {
  const base = ctx.config.PUBLIC_URL?.replace(/\/+$/, '');
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    createdAt: row.createdAt,
    url: base ? `${base}${eventLink(row.id)}` : undefined,
    cancelled: row.cancelledAt !== null,
  };
}
