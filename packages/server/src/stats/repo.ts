/**
 * R-STATS-0, R-BILL-2: the community's figures, each an aggregate computed in the database (counts,
 * groupings and the median never pull rows into Node). The statistics read across the tables of
 * several domains on purpose and only read: this file is the one place those aggregates live.
 */
import { sql, type SQL } from 'drizzle-orm';
import { canReadSql, viewerParams, type Viewer } from '../access/index.ts';
import type { DbOrTx } from '../db/client.ts';
import {
  announcementReads,
  announcements,
  auditLog,
  conversations,
  files,
  messageFlags,
  messages,
  sessions,
  users,
} from '../db/schema/index.ts';
import { rowsOf } from '../db/rows.ts';

const at = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;

/** The first row of a raw statement; every statement here aggregates to exactly one row. */
async function one<T>(db: DbOrTx, query: SQL): Promise<T> {
  const [row] = rowsOf<T>(await db.execute(query));
  if (!row) throw new Error('an aggregate statement returned no row');
  return row;
}

/** pg answers bigint and numeric as strings, PGlite as numbers; null stays null. */
const num = (value: number | string | null): number => (value === null ? 0 : Number(value));

/** An approved account is one that is not locked; a lock without a reason means pending. */
const APPROVED = sql`not u.is_locked`;
const PENDING = sql`u.is_locked and coalesce(u.lock_reason, 'pending_approval') = 'pending_approval'`;

export type ResidentCounts = { total: number; approved: number; pending: number };

export async function residentCounts(db: DbOrTx): Promise<ResidentCounts> {
  const row = await one<{ total: number; approved: number; pending: number }>(
    db,
    sql`select count(*)::int as total,
      count(*) filter (where ${APPROVED})::int as approved,
      count(*) filter (where ${PENDING})::int as pending
    from ${users} u`,
  );
  return { total: row.total, approved: row.approved, pending: row.pending };
}

/**
 * R-STATS-2: approved accounts active since `shortSince` and since `longSince`. Active: sent a
 * message (deleted ones included) in the window, or had a session signed in or renewed in it. A
 * session's last renewal is `expires_at − ttl` (sliding expiry renews the whole lifetime), so this is
 * a lower bound of its last use.
 */
export async function activeResidents(
  db: DbOrTx,
  window: { shortSince: Date; longSince: Date; sessionTtlDays: number },
): Promise<{ short: number; long: number }> {
  const renewedAt = sql`greatest(s.created_at, s.expires_at - make_interval(days => ${window.sessionTtlDays}::int))`;
  const row = await one<{ short: number; long: number }>(
    db,
    sql`with activity as (
        select m.user_id, max(m.created_at) as last_at from ${messages} m
          where m.created_at >= ${at(window.longSince)} group by m.user_id
        union all
        select s.user_id, max(${renewedAt}) as last_at from ${sessions} s group by s.user_id
      )
      select count(distinct a.user_id) filter (where a.last_at >= ${at(window.shortSince)})::int as short,
        count(distinct a.user_id) filter (where a.last_at >= ${at(window.longSince)})::int as long
      from activity a join ${users} u on u.id = a.user_id and ${APPROVED}`,
  );
  return { short: row.short, long: row.long };
}

/** R-STATS-3: messages per UTC day since `since` (days without any are absent; the service fills them). */
export async function messagesPerUtcDay(
  db: DbOrTx,
  since: Date,
): Promise<{ day: string; messages: number }[]> {
  const raw = await db.execute(sql`
    select to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as messages
    from ${messages} m where m.created_at >= ${at(since)}
    group by 1 order by 1`);
  return rowsOf<{ day: string; messages: number }>(raw);
}

/** R-STATS-5: messages since `since` by hour of day, shifted by the viewer's offset (absent hours have none). */
export async function messagesPerHour(
  db: DbOrTx,
  since: Date,
  utcOffsetMinutes: number,
): Promise<{ hour: number; messages: number }[]> {
  const raw = await db.execute(sql`
    select extract(hour from (m.created_at at time zone 'UTC')
        + make_interval(mins => ${utcOffsetMinutes}::int))::int as hour,
      count(*)::int as messages
    from ${messages} m where m.created_at >= ${at(since)}
    group by 1 order by 1`);
  return rowsOf<{ hour: number; messages: number }>(raw);
}

/**
 * R-STATS-4: the channels with the most messages since `since`, among those the viewer may read
 * (never a hidden channel for a resident); direct conversations are never listed.
 */
export async function busiestChannels(
  db: DbOrTx,
  viewer: Viewer,
  since: Date,
  limit: number,
): Promise<{ id: string; name: string; messages: number }[]> {
  const raw = await db.execute(sql`
    select c.id, c.name, count(*)::int as messages
    from ${messages} m join ${conversations} c on c.id = m.conversation_id
    where m.created_at >= ${at(since)} and c.type = 'channel' and ${canReadSql('c', viewerParams(viewer))}
    group by c.id, c.name
    order by messages desc, c.name asc
    limit ${limit}`);
  return rowsOf<{ id: string; name: string; messages: number }>(raw);
}

/**
 * R-STATS-6: announcements published since `since`, and how many of the possible (announcement,
 * approved account) pairs were read.
 */
export async function announcementReach(
  db: DbOrTx,
  since: Date,
): Promise<{ published: number; audience: number; reads: number }> {
  const row = await one<{ published: number; audience: number; reads: number }>(
    db,
    sql`with recent as (select a.id from ${announcements} a where a.created_at >= ${at(since)})
    select (select count(*) from recent)::int as published,
      (select count(*) from ${users} u where ${APPROVED})::int as audience,
      (select count(*) from ${announcementReads} r
        join recent on recent.id = r.announcement_id
        join ${users} u on u.id = r.user_id and ${APPROVED})::int as reads`,
  );
  return { published: row.published, audience: row.audience, reads: row.reads };
}

/**
 * A message on the flagged queue: undeleted, with a flag given since its flags
 * were last settled (dismissed or hidden). The first part is the partial index messages_flagged_idx's
 * predicate (db/schema/chat.ts), so only flagged messages are read.
 */
const FLAGGED_MESSAGE = sql`m.deleted_at is null
  and (cardinality(m.user_flagged_by) > 0 or cardinality(m.admin_flagged_by) > 0)
  and exists (select 1 from ${messageFlags} f where f.message_id = m.id
    and (m.flags_reviewed_at is null or f.created_at > m.flags_reviewed_at))`;

export type ModerationCounts = {
  openFlags: number;
  flaggedChannels: number;
  medianApprovalSeconds: number | null;
  approvalsMeasured: number;
};

/**
 * R-STATS-7: open flags (undeleted flagged messages), flagged channels, and the median time from
 * signup to the first 'approve' entry of the audit log, over first approvals since `since`.
 */
export async function moderationCounts(db: DbOrTx, since: Date): Promise<ModerationCounts> {
  const row = await one<{
    open_flags: number;
    flagged_channels: number;
    median_seconds: number | string | null;
    approvals: number;
  }>(
    db,
    sql`with first_approvals as (
        select distinct on (a.target_user_id) a.target_user_id, a.created_at
        from ${auditLog} a where a.action = 'approve' and a.target_user_id is not null
        order by a.target_user_id, a.created_at
      ), waits as (
        select extract(epoch from (f.created_at - u.created_at)) as seconds
        from first_approvals f join ${users} u on u.id = f.target_user_id
        where f.created_at >= ${at(since)} and f.created_at >= u.created_at
      )
      select (select count(*) from ${messages} m where ${FLAGGED_MESSAGE})::int as open_flags,
        (select count(*) from ${conversations} c
          where c.type = 'channel' and cardinality(c.admin_flagged_by) > 0)::int as flagged_channels,
        (select percentile_cont(0.5) within group (order by seconds) from waits) as median_seconds,
        (select count(*) from waits)::int as approvals`,
  );
  return {
    openFlags: row.open_flags,
    flaggedChannels: row.flagged_channels,
    medianApprovalSeconds: row.median_seconds === null ? null : Number(row.median_seconds),
    approvalsMeasured: row.approvals,
  };
}

export type Usage = { residents: number; storageBytes: number; messagesSince: number };

/** R-BILL-2: approved accounts, bytes of stored files, and messages sent since `since`. */
export async function usage(db: DbOrTx, since: Date): Promise<Usage> {
  const row = await one<{ residents: number; storage: number | string | null; messages: number }>(
    db,
    sql`select (select count(*) from ${users} u where ${APPROVED})::int as residents,
      (select coalesce(sum(f.size), 0)::bigint from ${files} f) as storage,
      (select count(*) from ${messages} m where m.created_at >= ${at(since)})::int as messages`,
  );
  return { residents: row.residents, storageBytes: num(row.storage), messagesSince: row.messages };
}
