import fp from 'fastify-plugin';
import { inviteRoutes } from './routes.ts';

/** Lobby invitations and the building's name on their posters (R-MOVEIN-8 … R-MOVEIN-11). */
export const invitesPlugin = fp(
  async (app) => {
    await app.register(inviteRoutes);
  },
  { name: 'stoop-invites' },
);
