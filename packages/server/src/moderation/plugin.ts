import { domainPlugin } from '../domain.ts';
import { moderationRoutes } from './routes.ts';

/** Flags and the moderation queue. */
export const moderationPlugin = domainPlugin('moderation', { routes: [moderationRoutes] });
