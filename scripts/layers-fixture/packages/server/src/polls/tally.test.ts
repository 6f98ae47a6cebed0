// Allowed: tests wire layers together.
import { pollsTable } from '../db/schema/polls.ts';
import { eventRow } from '../events/repo.ts';

export const seen = [pollsTable, eventRow];
