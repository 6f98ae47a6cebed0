import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { RsvpStatus } from '@stoop/shared';
import type { DbOrTx, Tx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import {
  calendarFeeds,
  eventReminders,
  eventRsvps,
  events,
  users,
  type CalendarFeedRow,
  type EventRow,
  type NewEventRow,
} from '../db/schema/index.ts';

/** The answers of one event: counted per status, and who is going in the order they answered. */
export type Tally = { going: number; maybe: number; no: number; goingIds: string[] };

export const emptyTally = (): Tally => ({ going: 0, maybe: 0, no: 0, goingIds: [] });

export async function insertEvent(db: DbOrTx, values: NewEventRow): Promise<EventRow> {
  const [row] = await db.insert(events).values(values).returning();
  if (!row) throw new Error('insert into events returned no row');
  return row;
}

/** Inserts an iCal source's event unless that source already gave this UID. */
export async function insertSourcedEvent(db: DbOrTx, values: NewEventRow): Promise<EventRow | undefined> {
  const [row] = await db
    .insert(events)
    .values(values)
    .onConflictDoNothing({
      target: [events.integrationId, events.sourceUid],
      where: sql`${events.sourceUid} is not null`,
    })
    .returning();
  return row;
}

export async function deleteEvent(db: DbOrTx, id: string): Promise<void> {
  await db.delete(events).where(eq(events.id, id));
}

/** The fields an edit changes. */
export type EventPatch = Partial<
  Pick<EventRow, 'title' | 'startsAt' | 'endsAt' | 'location' | 'description'>
>;

/** Changes a live event; undefined when it is gone or was cancelled meanwhile. */
export async function updateEvent(db: DbOrTx, id: string, patch: EventPatch): Promise<EventRow | undefined> {
  const [row] = await db
    .update(events)
    .set(patch)
    .where(and(eq(events.id, id), isNull(events.cancelledAt)))
    .returning();
  return row;
}

/** Cancels a live event; undefined when it is gone or was cancelled already. */
export async function cancelEvent(db: DbOrTx, id: string): Promise<EventRow | undefined> {
  const [row] = await db
    .update(events)
    .set({ cancelledAt: new Date() })
    .where(and(eq(events.id, id), isNull(events.cancelledAt)))
    .returning();
  return row;
}

/** Forgets the reminders sent for an event, so one for its new start can go. */
export async function clearReminders(db: DbOrTx, eventId: string): Promise<void> {
  await db.delete(eventReminders).where(eq(eventReminders.eventId, eventId));
}

/** The residents who answered going or maybe (those told of a change). */
export async function attendeeIds(db: DbOrTx, eventId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: eventRsvps.userId })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.eventId, eventId), inArray(eventRsvps.status, ['going', 'maybe'])));
  return rows.map((r) => r.userId);
}

export async function findEvent(db: DbOrTx, id: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  return row;
}

/**
 * Events overlapping [from, to) that are building-wide or in one of `conversationIds` (those the
 * viewer may read), by start.
 */
export async function listVisible(
  db: DbOrTx,
  conversationIds: string[],
  range: { from: Date; to: Date },
  limit: number,
): Promise<EventRow[]> {
  const place =
    conversationIds.length > 0
      ? or(isNull(events.conversationId), inArray(events.conversationId, conversationIds))
      : isNull(events.conversationId);
  return db
    .select()
    .from(events)
    .where(
      and(place, isNull(events.cancelledAt), gt(events.endsAt, range.from), lt(events.startsAt, range.to)),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(limit);
}

/** R-EVENT-8: the events a resident answered going or maybe to that end after `since`, by start. */
export async function listAnswered(
  db: DbOrTx,
  userId: string,
  since: Date,
  limit: number,
): Promise<EventRow[]> {
  const rows = await db
    .select({ event: events })
    .from(events)
    .innerJoin(eventRsvps, eq(eventRsvps.eventId, events.id))
    .where(
      and(
        eq(eventRsvps.userId, userId),
        inArray(eventRsvps.status, ['going', 'maybe']),
        gt(events.endsAt, since),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(limit);
  return rows.map((r) => r.event);
}

/** The answers of each event, counted (one row per resident, so each counts once). */
export async function tallies(db: DbOrTx, eventIds: string[]): Promise<Map<string, Tally>> {
  const result = new Map<string, Tally>(eventIds.map((id) => [id, emptyTally()]));
  if (eventIds.length === 0) return result;
  const rows = await db
    .select({
      eventId: eventRsvps.eventId,
      status: eventRsvps.status,
      n: sql<number>`count(*)::int`,
      userIds: sql<
        string[]
      >`array_agg(${eventRsvps.userId} order by ${eventRsvps.answeredAt}, ${eventRsvps.userId})`,
    })
    .from(eventRsvps)
    .where(inArray(eventRsvps.eventId, eventIds))
    .groupBy(eventRsvps.eventId, eventRsvps.status);
  for (const row of rows) {
    const tally = result.get(row.eventId);
    if (!tally) continue;
    tally[row.status] = row.n;
    if (row.status === 'going') tally.goingIds = row.userIds;
  }
  return result;
}

/** The resident's own answer to each of the events that has one. */
export async function rsvpsOf(
  db: DbOrTx,
  userId: string,
  eventIds: string[],
): Promise<Map<string, RsvpStatus>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({ eventId: eventRsvps.eventId, status: eventRsvps.status })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.userId, userId), inArray(eventRsvps.eventId, eventIds)));
  return new Map(rows.map((r) => [r.eventId, r.status]));
}

/** One answer per resident; a new one replaces it (and counts from now in the order). */
export async function upsertRsvp(
  db: DbOrTx,
  eventId: string,
  userId: string,
  status: RsvpStatus,
): Promise<void> {
  await db
    .insert(eventRsvps)
    .values({ eventId, userId, status })
    .onConflictDoUpdate({
      target: [eventRsvps.eventId, eventRsvps.userId],
      set: {
        status,
        answeredAt: sql`case when ${eventRsvps.status} = ${status} then ${eventRsvps.answeredAt} else now() end`,
      },
    });
}

export type ClaimedReminder = { eventId: string; userId: string };

/**
 * Claims every reminder due at `now`: residents (not locked) who answered going or maybe
 * to an event starting within the lead. The insert's key refuses a reminder already claimed, by
 * this or any other instance, so each is answered here once only.
 */
export async function claimDueReminders(tx: Tx, now: Date, leadMs: number): Promise<ClaimedReminder[]> {
  const until = new Date(now.getTime() + leadMs);
  const result = await tx.execute(sql`
    insert into ${eventReminders} (event_id, user_id)
    select r.event_id, r.user_id
    from ${eventRsvps} r
    join ${events} e on e.id = r.event_id
    join ${users} u on u.id = r.user_id
    where r.status in ('going', 'maybe') and not u.is_locked
      and e.cancelled_at is null
      and e.starts_at > ${now.toISOString()}::timestamptz and e.starts_at <= ${until.toISOString()}::timestamptz
    on conflict do nothing
    returning event_id as "eventId", user_id as "userId"`);
  return rowsOf<ClaimedReminder>(result);
}

export async function findEvents(db: DbOrTx, ids: string[]): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(events).where(inArray(events.id, ids));
}

// ---- calendar feeds (R-EVENT-8) ----

export async function findFeed(db: DbOrTx, userId: string): Promise<CalendarFeedRow | undefined> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row;
}

export async function findFeedByTokenHash(
  db: DbOrTx,
  tokenHash: string,
): Promise<CalendarFeedRow | undefined> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash));
  return row;
}

/** The first feed of a resident; a feed already there (a concurrent first call) is kept. */
export async function insertFeedIfMissing(
  db: DbOrTx,
  row: Pick<CalendarFeedRow, 'userId' | 'salt' | 'tokenHash'>,
) {
  await db.insert(calendarFeeds).values(row).onConflictDoNothing({ target: calendarFeeds.userId });
}

/** A new salt (and so a new address) for the resident's feed. */
export async function replaceFeed(db: DbOrTx, row: Pick<CalendarFeedRow, 'userId' | 'salt' | 'tokenHash'>) {
  await db
    .insert(calendarFeeds)
    .values(row)
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { salt: row.salt, tokenHash: row.tokenHash, createdAt: new Date() },
    });
}
