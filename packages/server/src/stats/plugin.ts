// How this folder works (statistics and billing): docs/stats.md.
import { domainPlugin } from '../domain.ts';
import { statsRoutes } from './routes.ts';

/** The admin's community figures. */
export const statsPlugin = domainPlugin('stats', { routes: [statsRoutes] });
