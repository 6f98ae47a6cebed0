import { pollRoutes } from './routes.ts';

export const pollsPlugin = pollRoutes;
