import { domainPlugin } from '../domain.ts';
import { adminRoutes } from './routes.ts';

/** Accounts as admins manage them (approval, roles, locks). */
export const adminPlugin = domainPlugin('admin', { routes: [adminRoutes] });
