import { domainPlugin } from '../domain.ts';
import { userRoutes } from './routes.ts';
import { mapAccountEvents } from './sockets.ts';

/** Profiles, the directory and avatars; account changes end or update sockets. */
export const usersPlugin = domainPlugin('users', { routes: [userRoutes], sockets: [mapAccountEvents] });
