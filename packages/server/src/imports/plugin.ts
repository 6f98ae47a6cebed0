import { domainPlugin } from '../domain.ts';
import { importRoutes } from './routes.ts';

/** Moving a building's WhatsApp history in (R-MOVEIN-1 … R-MOVEIN-7). */
export const importsPlugin = domainPlugin('imports', { routes: [importRoutes] });
