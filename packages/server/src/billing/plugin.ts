// How this folder works (statistics and billing): docs/stats.md.
import { domainPlugin } from '../domain.ts';
import { billingRoutes } from './routes.ts';

/** Billing settings. */
export const billingPlugin = domainPlugin('billing', { routes: [billingRoutes] });
