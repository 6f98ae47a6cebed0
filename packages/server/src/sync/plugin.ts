import { domainPlugin } from '../domain.ts';
import { syncRoutes } from './routes.ts';

/** What changed since a client last synced. */
export const syncPlugin = domainPlugin('sync', { routes: [syncRoutes] });
