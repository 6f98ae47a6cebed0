import { domainPlugin } from '../domain.ts';
import { importRoutes } from './routes.ts';

/** Moving a building's WhatsApp history in. */
export const importsPlugin = domainPlugin('imports', { routes: [importRoutes] });
