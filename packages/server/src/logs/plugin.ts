import { domainPlugin } from '../domain.ts';
import { logRoutes } from './routes.ts';

/** Logs sent by the web client. */
export const logsPlugin = domainPlugin('logs', { routes: [logRoutes] });
