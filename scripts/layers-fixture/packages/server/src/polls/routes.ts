// Allowed: routes call the domain's service code.
import { tally } from './tally.ts';
// Known violation: server-routes-not-repos.
import { pollRow } from './repo.ts';

export const pollRoutes = [tally, pollRow];
