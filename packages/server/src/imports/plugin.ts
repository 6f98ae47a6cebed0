import fp from 'fastify-plugin';
import { importRoutes } from './routes.ts';

/** Moving a building's WhatsApp history in (R-MOVEIN-1 … R-MOVEIN-7). */
export const importsPlugin = fp(
  async (app) => {
    await app.register(importRoutes);
  },
  { name: 'stoop-imports' },
);
