import { domainPlugin } from '../domain.ts';
import { inviteRoutes } from './routes.ts';

/** Lobby invitations and the building's name on their posters. */
export const invitesPlugin = domainPlugin('invites', { routes: [inviteRoutes] });
