import { z } from 'zod';
import { PLAN_IDS } from '../plans.ts';

const count = z.number().int().nonnegative();

/**
 * GET /api/stats. `utcOffsetMinutes`: the viewer's offset from UTC (minutes east, the
 * opposite sign of JavaScript's getTimezoneOffset), so busiest hours are the viewer's own hours;
 * days stay UTC days for everyone.
 */
export const statsQuerySchema = z.object({
  utcOffsetMinutes: z.coerce
    .number('utcOffsetMinutes must be a number of minutes')
    .int('utcOffsetMinutes must be a whole number of minutes')
    .min(-720, 'utcOffsetMinutes must be at least -720')
    .max(840, 'utcOffsetMinutes must be at most 840')
    .default(0),
});
export type StatsQuery = z.infer<typeof statsQuerySchema>;

/** Moderation figures, only in an admin's answer. */
const moderationStatsSchema = z.object({
  /** Undeleted messages flagged by a resident or an admin. */
  openFlags: count,
  /** Channels an admin flagged. */
  flaggedChannels: count,
  /** Accounts locked pending approval. */
  approvalsWaiting: count,
  /** Median of (first approval − signup) over approvals in the window; null without any. */
  medianApprovalSeconds: z.number().nonnegative().nullable(),
  /** How many approvals that median is taken over. */
  approvalsMeasured: count,
});

export const statsResponseSchema = z.object({
  generatedAt: z.string(),
  windowDays: z.number().int().positive(),
  utcOffsetMinutes: z.number().int(),
  residents: z.object({
    total: count,
    approved: count,
    pending: count,
    /** Approved accounts active in the last 7 (STATS_ACTIVE_SHORT_DAYS) and 30 days. */
    active7Days: count,
    active30Days: count,
  }),
  /** Exactly windowDays points, oldest first, zeros included; `day` is YYYY-MM-DD (UTC). */
  messagesPerDay: z.array(z.object({ day: z.string(), messages: count })),
  /** Channels the caller may read, most messages first. */
  busiestChannels: z.array(z.object({ id: z.string(), name: z.string(), messages: count })),
  /** 24 buckets, hour 0 to 23 in the viewer's offset. */
  busiestHours: z.array(z.object({ hour: z.number().int().min(0).max(23), messages: count })),
  announcements: z.object({
    published: count,
    reads: count,
    possibleReads: count,
    /** reads ÷ possibleReads, 0 to 1; null when nothing could be read. */
    readRate: z.number().min(0).max(1).nullable(),
  }),
  moderation: moderationStatsSchema.optional(),
});
export type StatsResponse = z.infer<typeof statsResponseSchema>;

const planSchema = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  description: z.string(),
  limits: z.object({ residents: count, storageBytes: count, messagesPerMonth: count }),
});

/** GET /api/billing and PUT /api/billing/plan. */
export const billingResponseSchema = z.object({
  plan: planSchema,
  /** Where the plan comes from: an admin's choice stored in the database, or STOOP_PLAN. */
  source: z.enum(['database', 'config']),
  usage: z.object({
    residents: count,
    storageBytes: count,
    messagesThisMonth: count,
    /** First instant of the current month (UTC) that messagesThisMonth counts from. */
    monthStart: z.string(),
  }),
});
export type BillingResponse = z.infer<typeof billingResponseSchema>;

export const setPlanBodySchema = z.object({
  plan: z.enum(PLAN_IDS, `plan must be one of ${PLAN_IDS.join(', ')}`),
});
