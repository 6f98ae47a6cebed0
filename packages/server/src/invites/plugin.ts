import { domainPlugin } from '../domain.ts';
import { inviteRoutes } from './routes.ts';

/** Lobby invitations and the building's name on their posters (R-MOVEIN-8 … R-MOVEIN-11). */
export const invitesPlugin = domainPlugin('invites', { routes: [inviteRoutes] });
