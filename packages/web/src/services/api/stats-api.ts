/**
 * Statistics and billing calls through the typed route table client.
 * Types only from @stoop/shared, so no zod reaches the pages that use these.
 */
import type { BillingResponse, PlanId, StatsResponse } from '@stoop/shared';
import { callApi } from '../http/client.ts';

/** The viewer's offset east of UTC in minutes (getTimezoneOffset has the opposite sign). */
function viewerUtcOffsetMinutes(date: Date = new Date()): number {
  return -date.getTimezoneOffset();
}

export function fetchStats(): Promise<StatsResponse> {
  return callApi('getStats', { query: { utcOffsetMinutes: viewerUtcOffsetMinutes() } });
}

export function fetchBilling(): Promise<BillingResponse> {
  return callApi('getBilling');
}

export function changePlan(plan: PlanId): Promise<BillingResponse> {
  return callApi('setBillingPlan', { body: { plan } });
}
