/**
 * The statistics and billing screens' figures: each screen loads them when it
 * opens and keeps them as its own state, so this is only their door to the network.
 */
export { changePlan, fetchBilling, fetchStats } from '../services/api/stats-api.ts';
