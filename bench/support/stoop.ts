/**
 * The server process for the benches: started as the flows start it (e2e/support/server.ts), but
 * with the admission rules it ships with, so a bench measures what a building runs.
 */
import { startStoop as startFlowStoop, type StartOptions } from '../../e2e/support/server.ts';

export { ADMIN } from '../../e2e/support/server.ts';

export const startStoop = (options: StartOptions = {}) =>
  startFlowStoop({ ...options, admission: 'shipping' });
