// Known violation: server-only-plugins-import-routes.
import { pollRoutes } from './routes.ts';

export const pollSockets = pollRoutes;
