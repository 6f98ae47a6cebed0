import { domainPlugin } from '../domain.ts';
import { fileRoutes } from './routes.ts';

/** Uploads and the files screen. */
export const filesPlugin = domainPlugin('files', { routes: [fileRoutes] });
