// Service code by another name than service.ts.
// Allowed: its own repo.
import { pollRow } from './repo.ts';
// Known violation: server-only-repos-touch-drizzle.
import { pollsTable } from '../db/schema/polls.ts';
// Known violation: server-service-not-other-domain-repo.
import { eventRow } from '../events/repo.ts';

export const tally = [pollRow, pollsTable, eventRow];
