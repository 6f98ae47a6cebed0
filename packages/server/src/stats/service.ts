import {
  STATS_ACTIVE_SHORT_DAYS,
  STATS_TOP_CHANNELS,
  STATS_WINDOW_DAYS,
  type StatsQuery,
  type StatsResponse,
} from '@stoop/shared';
import { isAdmin } from '../access/index.ts';
import type { Context } from '../context.ts';
import type { UserRow } from '../db/schema/index.ts';
import * as repo from './repo.ts';

const DAY_MS = 24 * 3600 * 1000;

/** Midnight UTC of the day `date` falls in. */
export function utcMidnight(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** First instant of the UTC month `date` falls in. */
export function utcMonthStart(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

/**
 * Exactly `days` points, oldest first, ending with today (UTC); a day without messages is
 * a zero rather than a gap, so a chart's x axis is the calendar.
 */
export function dailySeries(
  today: Date,
  days: number,
  counted: { day: string; messages: number }[],
): { day: string; messages: number }[] {
  const byDay = new Map(counted.map((row) => [row.day, row.messages]));
  const first = utcMidnight(today).getTime() - (days - 1) * DAY_MS;
  return Array.from({ length: days }, (_, index) => {
    const day = new Date(first + index * DAY_MS).toISOString().slice(0, 10);
    return { day, messages: byDay.get(day) ?? 0 };
  });
}

/** 24 buckets, hour 0 to 23, zeros included. */
function hourlySeries(counted: { hour: number; messages: number }[]): StatsResponse['busiestHours'] {
  const byHour = new Map(counted.map((row) => [row.hour, row.messages]));
  return Array.from({ length: 24 }, (_, hour) => ({ hour, messages: byHour.get(hour) ?? 0 }));
}

/** GET /api/stats: what any signed-in user sees, plus the moderation figures for admins. */
export async function communityStats(
  ctx: Pick<Context, 'db' | 'config'>,
  viewer: UserRow,
  query: StatsQuery,
  now: Date = new Date(),
): Promise<StatsResponse> {
  const since = new Date(now.getTime() - STATS_WINDOW_DAYS * DAY_MS);
  const shortSince = new Date(now.getTime() - STATS_ACTIVE_SHORT_DAYS * DAY_MS);
  const firstDay = new Date(utcMidnight(now).getTime() - (STATS_WINDOW_DAYS - 1) * DAY_MS);
  const admin = isAdmin(viewer);
  const [residents, active, perDay, perHour, channels, reach, moderation] = await Promise.all([
    repo.residentCounts(ctx.db),
    repo.activeResidents(ctx.db, {
      shortSince,
      longSince: since,
      sessionTtlDays: ctx.config.SESSION_TTL_DAYS,
    }),
    repo.messagesPerUtcDay(ctx.db, firstDay),
    repo.messagesPerHour(ctx.db, since, query.utcOffsetMinutes),
    repo.busiestChannels(ctx.db, viewer, since, STATS_TOP_CHANNELS),
    repo.announcementReach(ctx.db, since),
    admin ? repo.moderationCounts(ctx.db, since) : Promise.resolve(undefined),
  ]);
  const possibleReads = reach.published * reach.audience;
  return {
    generatedAt: now.toISOString(),
    windowDays: STATS_WINDOW_DAYS,
    utcOffsetMinutes: query.utcOffsetMinutes,
    residents: { ...residents, active7Days: active.short, active30Days: active.long },
    messagesPerDay: dailySeries(now, STATS_WINDOW_DAYS, perDay),
    busiestChannels: channels,
    busiestHours: hourlySeries(perHour),
    announcements: {
      published: reach.published,
      reads: reach.reads,
      possibleReads,
      readRate: possibleReads === 0 ? null : Math.min(1, reach.reads / possibleReads),
    },
    // Residents get no admin figures at all: the field is absent, not empty.
    ...(moderation ? { moderation: { ...moderation, approvalsWaiting: residents.pending } } : {}),
  };
}

/** The usage the billing page sets against the plan's limits; the month is the UTC month. */
export async function currentUsage(ctx: Pick<Context, 'db'>, now: Date = new Date()) {
  const monthStart = utcMonthStart(now);
  const counted = await repo.usage(ctx.db, monthStart);
  return {
    residents: counted.residents,
    storageBytes: counted.storageBytes,
    messagesThisMonth: counted.messagesSince,
    monthStart: monthStart.toISOString(),
  };
}
