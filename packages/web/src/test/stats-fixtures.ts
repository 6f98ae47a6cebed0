/** Answers of GET /api/stats and GET /api/billing for the web tests. */
import type { BillingResponse, StatsResponse } from '@stoop/shared';
import { PLANS } from '@stoop/shared/plans';

export function makeStats(overrides: Partial<StatsResponse> = {}): StatsResponse {
  const first = Date.UTC(2025, 10, 1);
  return {
    generatedAt: '2025-11-30T12:00:00.000Z',
    windowDays: 30,
    utcOffsetMinutes: 60,
    residents: { total: 7, approved: 5, pending: 1, active7Days: 2, active30Days: 4 },
    messagesPerDay: Array.from({ length: 30 }, (_, i) => ({
      day: new Date(first + i * 86_400_000).toISOString().slice(0, 10),
      messages: i === 28 ? 6 : i % 7,
    })),
    busiestChannels: [
      { id: 'c1', name: 'general', messages: 30 },
      { id: 'c2', name: 'garden', messages: 12 },
    ],
    busiestHours: Array.from({ length: 24 }, (_, hour) => ({ hour, messages: hour === 20 ? 9 : 1 })),
    announcements: { published: 1, reads: 2, possibleReads: 5, readRate: 0.4 },
    ...overrides,
  };
}

export const adminModeration: NonNullable<StatsResponse['moderation']> = {
  openFlags: 3,
  flaggedChannels: 1,
  approvalsWaiting: 2,
  medianApprovalSeconds: 2 * 86_400,
  approvalsMeasured: 4,
};

export function makeBilling(overrides: Partial<BillingResponse> = {}): BillingResponse {
  return {
    plan: PLANS.community,
    source: 'config',
    usage: {
      residents: 12,
      storageBytes: 1024 ** 3,
      messagesThisMonth: 4_000,
      monthStart: '2025-11-01T00:00:00.000Z',
    },
    ...overrides,
  };
}
