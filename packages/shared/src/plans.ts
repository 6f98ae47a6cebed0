/**
 * The community plans and their limits (R-BILL-1), defined once for server and web. Zod-free, so the
 * billing page can import it without the schemas. The limits are shown against the usage; nothing is
 * charged, as no payment processor is connected (R-BILL-4).
 */

export const PLAN_IDS = ['community', 'building', 'campus'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** The plan in force when neither the database nor STOOP_PLAN names one. */
export const DEFAULT_PLAN: PlanId = 'community';

interface PlanLimits {
  /** Approved accounts. */
  residents: number;
  /** Bytes of uploaded files (attachments and channel icons). */
  storageBytes: number;
  /** Messages sent in one calendar month (UTC). */
  messagesPerMonth: number;
}

export interface Plan {
  id: PlanId;
  name: string;
  description: string;
  limits: PlanLimits;
}

const GIB = 1024 ** 3;

export const PLANS: Record<PlanId, Plan> = {
  community: {
    id: 'community',
    name: 'Community',
    description: 'One small building getting started.',
    limits: { residents: 50, storageBytes: 5 * GIB, messagesPerMonth: 20_000 },
  },
  building: {
    id: 'building',
    name: 'Building',
    description: 'A full apartment building with busy channels.',
    limits: { residents: 300, storageBytes: 50 * GIB, messagesPerMonth: 200_000 },
  },
  campus: {
    id: 'campus',
    name: 'Campus',
    description: 'Several buildings sharing one community.',
    limits: { residents: 2_000, storageBytes: 500 * GIB, messagesPerMonth: 2_000_000 },
  },
};
